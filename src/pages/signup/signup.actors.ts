import { fromPromise } from 'xstate'
import type { signupMachine } from '../../../machines/signup/signup.machine'
import type { MachineActors } from '../../../machines/shared/machine-entry'
import * as auth from '../../../contract/endpoints/auth'
import { call } from '../../api/http'
import { readClipboard } from '../../shared/clipboard.actors'

/** The signup page's I/O: the code check, the signup call and the paste button. */
export const signupActors: MachineActors<typeof signupMachine> = {
  validateCode: fromPromise(({ input }) => call(auth.validateCode, { params: input })),
  signUp: fromPromise(({ input }) => call(auth.signUp, { body: input })),
  readClipboard: fromPromise(() => readClipboard()),
}
