import { apiMessages } from '../../contract/messages'
import { defineMachineEntry } from '../shared/machine-entry'
import { sampleFailures } from '../shared/sample-failures'
import { signupMachine } from './signup.machine'
import * as selectors from './signup.selectors'

export const signupEntry = defineMachineEntry(signupMachine, {
  selectors,
  // Drawn whole, it is more than twice the docs' width: one diagram per region of the form.
  diagramParts: {
    tab: ['filling.tab'],
    code: ['filling.code'],
    form: ['filling.form'],
  },
  events: {
    'tab.select': [
      { type: 'tab.select', tab: 'withoutCode' },
      { type: 'tab.select', tab: 'withCode' },
    ],
    'code.change': [
      { type: 'code.change', value: 'terydemo' },
      { type: 'code.change', value: 'te' },
      { type: 'code.change', value: '' },
    ],
    'code.paste': [{ type: 'code.paste' }],
    'code.retry': [{ type: 'code.retry' }],
    'signup.submit': [
      {
        type: 'signup.submit',
        name: 'Ana María',
        email: 'ana@tery.example',
        phone: '3001234567',
        password: 'clave-segura-1',
      },
    ],
  },
  outcomes: {
    readClipboard: { done: ['terydemo', '', 'te'], error: [sampleFailures.noAnswer] },
    validateCode: {
      done: [{ code: 'TERYDEMO', name: 'Demo Tery' }],
      error: [
        { status: 400, message: 'El código de referido no existe', network: false },
        sampleFailures.noAnswer,
      ],
    },
    signUp: {
      done: [{ email: 'ana@tery.example', code: 'ANA12345' }],
      // As the server refuses a taken email: the message, and the same words under the field.
      error: [
        {
          status: 409,
          message: apiMessages.emailTaken,
          network: false,
          data: { fields: { email: apiMessages.emailTaken } },
        },
        // A confirmed code the server no longer knows at signup (its player went meanwhile): the
        // words sit under the code, and editing the code must take them away.
        {
          status: 400,
          message: apiMessages.unknownParentCode,
          network: false,
          data: { fields: { parentCode: apiMessages.unknownParentCode } },
        },
      ],
    },
  },
  // The tab region is independent of the rest: once on the other tab, stop there.
  isBeyondBound: (snapshot) =>
    snapshot.matches({ filling: { tab: 'withoutCode' } }) &&
    (!snapshot.matches({ filling: { code: 'empty' } }) ||
      !snapshot.matches({ filling: { form: 'idle' } })),
  // Simple paths follow the code check; the form's own steps come from the other strategies.
  isBeyondSimpleBound: (snapshot) =>
    snapshot.matches({ filling: { tab: 'withoutCode' } }) ||
    !snapshot.matches({ filling: { form: 'idle' } }),
})
