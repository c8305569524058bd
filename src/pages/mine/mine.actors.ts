import { fromPromise } from 'xstate'
import type { buyTerycarbonsMachine } from '../../../machines/buy-terycarbons/buy-terycarbons.machine'
import { createDisclosureMachine } from '../../../machines/disclosure/disclosure.machine'
import type { mineMachine } from '../../../machines/mine/mine.machine'
import type { payoutExplanationMachine } from '../../../machines/payout-explanation/payout-explanation.machine'
import { createResourceMachine } from '../../../machines/resource/resource.machine'
import type { MachineActors } from '../../../machines/shared/machine-entry'
import type { stationMachine } from '../../../machines/station/station.machine'
import type { PayoutSummary } from '../../../contract/mining'
import * as adlot from '../../../contract/endpoints/adlot'
import * as inventory from '../../../contract/endpoints/inventory'
import * as node from '../../../contract/endpoints/node'
import * as user from '../../../contract/endpoints/user'
import { call } from '../../api/http'
import { pageOfDocs } from '../../shared/resource-page'
import { readBrowserClock } from '../../shared/browser-clock'

/** The help modal: how the mine works, from the rules of GET /api/config. */
export const mineHelpMachine = createDisclosureMachine('mine-help')

/** The mine: GET /api/node, collecting the backpack and the team bonus, the browser's clock. */
export const mineActors: MachineActors<typeof mineMachine> = {
  loadMine: fromPromise(() => call(node.getMine)),
  readClock: readBrowserClock,
  collect: fromPromise(({ input }) => call(adlot.collect, { body: { mode: input.mode } })),
  collectBonus: fromPromise(() => call(adlot.collectBonus)),
}

/** A station: fueling it. */
export const stationActors: MachineActors<typeof stationMachine> = {
  activateStation: fromPromise(({ input }) => call(user.activateStation, { body: input })),
}

/** The buy-terycarbons modal. */
export const buyTerycarbonsActors: MachineActors<typeof buyTerycarbonsMachine> = {
  buyFuel: fromPromise(({ input }) => call(inventory.buyFuel, { body: input })),
}

/** The player's payouts, a page at a time, through the reusable loader. */
export const payoutsMachine = createResourceMachine<PayoutSummary[]>('payouts')

export const payoutsActors: MachineActors<typeof payoutsMachine> = {
  load: fromPromise(({ input }) =>
    call(node.getPayouts, { query: { page: input.page } }).then(pageOfDocs),
  ),
}

/** The explanation of one payout: GET /api/node/payouts/{id}, read from the ledger. */
export const payoutExplanationActors: MachineActors<typeof payoutExplanationMachine> = {
  loadPayout: fromPromise(({ input }) => call(node.getPayout, { params: input })),
}
