import { fromPromise } from 'xstate'
import { createResourceMachine } from '../../../machines/resource/resource.machine'
import type { MachineActors } from '../../../machines/shared/machine-entry'
import type { ChatLink } from '../../../contract/config'
import * as chat from '../../../contract/endpoints/chat'
import { call } from '../../api/http'

/** GET /api/chat through the reusable loader: the link the floating assistant button opens. */
export const chatMachine = createResourceMachine<ChatLink>('chat')

export const chatActors: MachineActors<typeof chatMachine> = {
  load: fromPromise(async () => ({ data: await call(chat.getChat) })),
}
