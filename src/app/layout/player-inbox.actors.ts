import { fromPromise } from 'xstate'
import type { reactivationMachine } from '../../../machines/reactivation/reactivation.machine'
import type { MachineActors } from '../../../machines/shared/machine-entry'
import type { welcomeMessagesMachine } from '../../../machines/welcome-messages/welcome-messages.machine'
import { acknowledgeMessage, getMessages } from '../../api/messages'
import { enableCode, getProfile } from '../../api/user'

/** The welcome messages: GET and PATCH /api/messages. */
export const welcomeMessagesActors: MachineActors<typeof welcomeMessagesMachine> = {
  loadMessages: fromPromise(() => getMessages()),
  acknowledge: fromPromise(({ input }) => acknowledgeMessage(input.id)),
}

/** The reactivation modal: the player's standing (from the profile) and POST /api/user/enableCode. */
export const reactivationActors: MachineActors<typeof reactivationMachine> = {
  loadStanding: fromPromise(async () => {
    const profile = await getProfile()
    return { penalized: profile.penalized, hasSponsor: profile.parentCode !== null }
  }),
  enableCode: fromPromise(({ input }) => enableCode(input.code)),
}
