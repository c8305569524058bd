import { fromPromise } from 'xstate'
import type { reactivationMachine } from '../../../machines/reactivation/reactivation.machine'
import type { MachineActors } from '../../../machines/shared/machine-entry'
import type { welcomeMessagesMachine } from '../../../machines/welcome-messages/welcome-messages.machine'
import * as messages from '../../../contract/endpoints/messages'
import * as user from '../../../contract/endpoints/user'
import { call } from '../../api/http'

/** The welcome messages: GET and PATCH /api/messages. */
export const welcomeMessagesActors: MachineActors<typeof welcomeMessagesMachine> = {
  loadMessages: fromPromise(() => call(messages.getMessages)),
  acknowledge: fromPromise(({ input }) => call(messages.acknowledgeMessage, { body: input })),
}

/** The reactivation modal: the player's standing (from the profile) and POST /api/user/enableCode. */
export const reactivationActors: MachineActors<typeof reactivationMachine> = {
  loadStanding: fromPromise(async () => {
    const profile = await call(user.getProfile)
    return { penalized: profile.penalized, hasSponsor: profile.parentCode !== null }
  }),
  enableCode: fromPromise(({ input }) => call(user.enableCode, { body: input })),
}
