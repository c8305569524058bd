import { assertEvent, assign, fromPromise, setup } from 'xstate'
import { metaTypes } from '../shared/meta'
import { notProvided } from '../shared/not-provided'

export type ClipboardCopyContext = {
  /** The text last asked to be copied. */
  text: string | null
}

export type ClipboardCopyEvent = { type: 'copy.request'; text: string }

export const clipboardCopyMachine = setup({
  types: {
    context: {} as ClipboardCopyContext,
    events: {} as ClipboardCopyEvent,
    ...metaTypes,
  },
  actors: {
    writeClipboard: fromPromise(async (_: { input: { text: string } }): Promise<void> =>
      notProvided('writeClipboard'),
    ),
  },
  delays: {
    /** How long "copied" (or the failure) stays on the button. */
    feedback: 2000,
  },
  actions: {
    setText: assign(({ event }) => {
      assertEvent(event, 'copy.request')
      return { text: event.text }
    }),
  },
}).createMachine({
  id: 'clipboard-copy',
  description:
    'A copy button (the invite code): copying, then "copied" or a failure for 2 seconds.',
  initial: 'idle',
  context: { text: null },
  states: {
    idle: {
      description: 'The copy button waits.',
      on: {
        'copy.request': {
          target: 'copying',
          actions: 'setText',
          description: 'The player presses the copy button.',
          meta: { requirements: ['REQ-COPY-1'] },
        },
      },
    },
    copying: {
      description: 'Writing the text to the clipboard.',
      invoke: {
        id: 'writeClipboard',
        src: 'writeClipboard',
        input: ({ context }) => ({ text: context.text ?? '' }),
        onDone: {
          target: 'copied',
          description: 'The text is in the clipboard.',
          meta: { requirements: ['REQ-COPY-1'] },
        },
        onError: { target: 'failed', description: 'The browser refused to copy.' },
      },
    },
    copied: {
      description: 'The button says the text was copied.',
      after: { feedback: { target: 'idle', description: 'The confirmation has shown for 2 s.' } },
      on: {
        'copy.request': {
          target: 'copying',
          actions: 'setText',
          description: 'The player presses the copy button again.',
        },
      },
    },
    failed: {
      description: 'The button says the text could not be copied.',
      after: { feedback: { target: 'idle', description: 'The failure has shown for 2 s.' } },
      on: {
        'copy.request': {
          target: 'copying',
          actions: 'setText',
          description: 'The player tries to copy again.',
        },
      },
    },
  },
})
