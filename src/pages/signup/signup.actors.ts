import { fromPromise } from 'xstate'
import type { signupMachine } from '../../../machines/signup/signup.machine'
import type { MachineActors } from '../../../machines/shared/machine-entry'
import { signUp, validateCode } from '../../api/auth'
import { readClipboard } from '../../shared/clipboard.actors'

/** The signup page's I/O: the code check, the signup call and the paste button. */
export const signupActors: MachineActors<typeof signupMachine> = {
  validateCode: fromPromise(({ input }) => validateCode(input.code)),
  signUp: fromPromise(({ input }) => signUp(input)),
  readClipboard: fromPromise(() => readClipboard()),
}
