import { assertEvent, assign, fromPromise, setup } from 'xstate'
import { emitEvent } from '../shared/emit-event'
import { metaTypes } from '../shared/meta'
import { readFieldErrors, withFailure } from '../shared/request-failure'
import type { RequestFailure } from '../shared/request-failure'
import type { ParentCode, SignupFields, SignupRequest, SignupResult } from '../../contract/auth'
import { normalizeCode, referralCodePattern } from '../../contract/fields'
import { notProvided } from '../shared/not-provided'

export type SignupTab = 'withCode' | 'withoutCode'

export type SignupContext = {
  /** The code as typed, uppercased. */
  code: string
  /** The code the server confirmed; signup sends this one. */
  parentCode: string | null
  parentName: string | null
  codeError: string | null
  formError: string | null
  /** Field messages of a 400 answer, by field name. */
  fieldErrors: Record<string, string>
}

export type SignupEvent =
  | { type: 'tab.select'; tab: SignupTab }
  | { type: 'code.change'; value: string }
  | { type: 'code.paste' }
  | { type: 'code.retry' }
  | ({ type: 'signup.submit' } & SignupFields)

export type SignupEmitted = { type: 'signup.succeeded'; email: string }

export const signupMachine = setup({
  types: {
    context: {} as SignupContext,
    events: {} as SignupEvent,
    emitted: {} as SignupEmitted,
    ...metaTypes,
  },
  actors: {
    validateCode: fromPromise<ParentCode, { code: string }>(async () =>
      notProvided('validateCode'),
    ),
    signUp: fromPromise<SignupResult, SignupRequest>(async () => notProvided('signUp')),
    readClipboard: fromPromise<string>(async () => notProvided('readClipboard')),
  },
  delays: {
    /** How long typing must pause before the code is checked. */
    checkDebounce: 400,
  },
  guards: {
    isBlankCode: (_, params: { value: string }) => normalizeCode(params.value) === '',
    isWellFormedCode: (_, params: { value: string }) =>
      referralCodePattern.test(normalizeCode(params.value)),
    isNetworkFailure: (_, params: RequestFailure) => params.network,
    hasConfirmedCode: ({ context }) => context.parentCode !== null,
    isWithCodeTab: ({ event }) => event.type === 'tab.select' && event.tab === 'withCode',
    isWithoutCodeTab: ({ event }) => event.type === 'tab.select' && event.tab === 'withoutCode',
  },
  actions: {
    setCode: assign(({ context }, params: { value: string }) => ({
      code: normalizeCode(params.value),
      parentCode: null,
      parentName: null,
      codeError: null,
      // What the server said of the code it refused no longer describes the one being typed.
      fieldErrors: Object.fromEntries(
        Object.entries(context.fieldErrors).filter(([field]) => field !== 'parentCode'),
      ),
    })),
    setParent: assign((_, params: ParentCode) => ({
      parentCode: params.code,
      parentName: params.name,
      codeError: null,
    })),
    setCodeError: assign((_, params: RequestFailure) => ({ codeError: params.message })),
    setFormError: assign((_, params: RequestFailure) => ({
      formError: params.message,
      fieldErrors: readFieldErrors(params),
    })),
    clearFormError: assign({ formError: null, fieldErrors: {} }),
    notifySignupSucceeded: emitEvent('signup.succeeded', (_, params: SignupResult) => ({
      email: params.email,
    })),
  },
}).createMachine({
  id: 'signup',
  description:
    'The signup page: the tabs with and without a referral code, the code check (typed or pasted) and the form, sent only once the code is confirmed.',
  initial: 'filling',
  context: {
    code: '',
    parentCode: null,
    parentName: null,
    codeError: null,
    formError: null,
    fieldErrors: {},
  },
  states: {
    filling: {
      description:
        'The visitor fills in the page: the tab, the referral code and the form, each independent.',
      type: 'parallel',
      states: {
        tab: {
          description: 'Which tab is shown: with a referral code, or without one (contact link).',
          meta: { requirements: ['REQ-SIGNUP-1'] },
          initial: 'withCode',
          states: {
            withCode: {
              description:
                'The visitor has a referral code: the code input and the form are shown.',
              on: {
                'tab.select': {
                  guard: 'isWithoutCodeTab',
                  target: 'withoutCode',
                  description: 'The visitor says they have no referral code.',
                  meta: { requirements: ['REQ-SIGNUP-1'] },
                },
              },
            },
            withoutCode: {
              description: 'The visitor has no code: a contact link tells them how to get one.',
              on: {
                'tab.select': {
                  guard: 'isWithCodeTab',
                  target: 'withCode',
                  description: 'The visitor goes back to the tab with a referral code.',
                  meta: { requirements: ['REQ-SIGNUP-1'] },
                },
              },
            },
          },
        },
        code: {
          description: 'The referral (parent) code, checked with the server before signup.',
          initial: 'empty',
          on: {
            // Taken in any state of the code, editing too: the region's active state is left and
            // `editing` entered afresh, so each keystroke restarts the pause (its timer).
            'code.change': [
              {
                guard: { type: 'isBlankCode', params: ({ event }) => ({ value: event.value }) },
                target: '.empty',
                actions: { type: 'setCode', params: ({ event }) => ({ value: event.value }) },
                description: 'The visitor clears the code.',
              },
              {
                target: '.editing',
                actions: { type: 'setCode', params: ({ event }) => ({ value: event.value }) },
                description:
                  'The visitor types the code (uppercase); each keystroke restarts the pause.',
                meta: { requirements: ['REQ-SIGNUP-2'] },
              },
            ],
            'code.paste': {
              target: '.pasting',
              description: 'The visitor presses the paste button.',
              meta: { requirements: ['REQ-SIGNUP-3'] },
            },
          },
          states: {
            empty: { description: 'No code has been typed.' },
            editing: {
              description: 'The visitor is typing; the code is checked once typing pauses.',
              after: {
                checkDebounce: {
                  guard: {
                    type: 'isWellFormedCode',
                    params: ({ context }) => ({ value: context.code }),
                  },
                  target: 'checking',
                  description: 'Typing paused on a well-formed code: ask the server about it.',
                  meta: { requirements: ['REQ-SIGNUP-2'] },
                },
              },
            },
            pasting: {
              description: 'Reading the code from the clipboard.',
              invoke: {
                id: 'readClipboard',
                src: 'readClipboard',
                onDone: [
                  {
                    guard: {
                      type: 'isBlankCode',
                      params: ({ event }) => ({ value: event.output }),
                    },
                    target: 'empty',
                    actions: { type: 'setCode', params: ({ event }) => ({ value: event.output }) },
                    description: 'The clipboard was empty.',
                    meta: { requirements: ['REQ-SIGNUP-3'] },
                  },
                  {
                    guard: {
                      type: 'isWellFormedCode',
                      params: ({ event }) => ({ value: event.output }),
                    },
                    target: 'checking',
                    actions: { type: 'setCode', params: ({ event }) => ({ value: event.output }) },
                    description: 'A well-formed code was pasted: ask the server about it at once.',
                    meta: { requirements: ['REQ-SIGNUP-2', 'REQ-SIGNUP-3'] },
                  },
                  {
                    target: 'editing',
                    actions: { type: 'setCode', params: ({ event }) => ({ value: event.output }) },
                    description:
                      'The pasted text is not a well-formed code; the visitor may edit it.',
                    meta: { requirements: ['REQ-SIGNUP-3'] },
                  },
                ],
                onError: [
                  {
                    guard: {
                      type: 'isBlankCode',
                      params: ({ context }) => ({ value: context.code }),
                    },
                    target: 'empty',
                    description: 'The clipboard could not be read and no code was typed.',
                  },
                  {
                    target: 'editing',
                    description: 'The clipboard could not be read; the code typed so far stays.',
                  },
                ],
              },
            },
            checking: {
              description: 'Asking the server whether the code belongs to a player.',
              invoke: {
                id: 'validateCode',
                src: 'validateCode',
                input: ({ context }) => ({ code: context.code }),
                onDone: {
                  target: 'confirmed',
                  actions: { type: 'setParent', params: ({ event }) => event.output },
                  description: 'The code exists: the success icon and the parent name show.',
                  meta: { requirements: ['REQ-SIGNUP-4'] },
                },
                onError: [
                  {
                    guard: withFailure('isNetworkFailure'),
                    target: 'unreachable',
                    actions: withFailure('setCodeError'),
                    description: 'The server could not be reached.',
                    meta: { requirements: ['REQ-SIGNUP-4'] },
                  },
                  {
                    target: 'rejected',
                    actions: withFailure('setCodeError'),
                    description: 'The server says the code does not exist.',
                    meta: { requirements: ['REQ-SIGNUP-4'] },
                  },
                ],
              },
            },
            confirmed: {
              description: 'The server confirmed the parent code: signup is allowed.',
            },
            rejected: {
              description: 'The code does not exist; its message shows under the input.',
            },
            unreachable: {
              description: 'The code could not be checked (no answer); the visitor may retry.',
              on: {
                'code.retry': {
                  target: 'checking',
                  description: 'The visitor asks to check the code again.',
                  meta: { requirements: ['REQ-SIGNUP-4'] },
                },
              },
            },
          },
        },
        form: {
          description: 'The signup form (name, email, mobile, password).',
          initial: 'idle',
          states: {
            idle: {
              description: 'The form is being filled in.',
              on: {
                'signup.submit': {
                  guard: 'hasConfirmedCode',
                  target: 'submitting',
                  description: 'The visitor sends the form, once the code is confirmed.',
                  meta: { requirements: ['REQ-SIGNUP-5'] },
                },
              },
            },
            submitting: {
              description: 'Waiting for the server to create the account.',
              invoke: {
                id: 'signUp',
                src: 'signUp',
                input: ({ context, event }) => {
                  assertEvent(event, 'signup.submit')
                  return {
                    parentCode: context.parentCode ?? context.code,
                    name: event.name,
                    email: event.email,
                    phone: event.phone,
                    password: event.password,
                  }
                },
                onDone: {
                  target: '#signup.registered',
                  actions: { type: 'notifySignupSucceeded', params: ({ event }) => event.output },
                  description: 'The account exists: the app opens the login form with the email.',
                  meta: { requirements: ['REQ-SIGNUP-5'] },
                },
                onError: {
                  target: 'failed',
                  actions: withFailure('setFormError'),
                  description: 'The server refused the signup (e.g. the email is taken).',
                  meta: { requirements: ['REQ-SIGNUP-5'] },
                },
              },
            },
            failed: {
              description: 'The signup was refused; the messages show on the form.',
              on: {
                'signup.submit': {
                  guard: 'hasConfirmedCode',
                  target: 'submitting',
                  actions: 'clearFormError',
                  description: 'The visitor corrects the form and sends it again.',
                  meta: { requirements: ['REQ-SIGNUP-5'] },
                },
              },
            },
          },
        },
      },
    },
    registered: {
      type: 'final',
      description: 'The account exists: the app takes the new player to the login form.',
    },
  },
})
