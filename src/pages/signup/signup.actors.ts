import { fromPromise } from 'xstate'
import type { signupMachine } from '../../../machines/signup/signup.machine'
import type { MachineActors } from '../../../machines/shared/machine-entry'
import * as auth from '../../../contract/endpoints/auth'
import { call } from '../../api/http'
import { readClipboard } from '../../shared/clipboard.actors'
import { deviceId } from '../../shared/device-id'

/** The signup page's I/O: the code check, the signup call and the paste button. */
export const signupActors: MachineActors<typeof signupMachine> = {
  validateCode: fromPromise(({ input }) => call(auth.validateCode, { params: input })),
  // The device id goes with the form: signups are limited per device, as missions are.
  signUp: fromPromise(({ input }) =>
    call(auth.signUp, { body: { ...input, deviceId: deviceId() } }),
  ),
  readClipboard: fromPromise(() => readClipboard()),
}
