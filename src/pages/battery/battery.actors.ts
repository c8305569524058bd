import { fromPromise } from 'xstate'
import { createResourceMachine } from '../../../machines/resource/resource.machine'
import type { MachineActors } from '../../../machines/shared/machine-entry'
import type { sellOfferMachine } from '../../../machines/sell-offer/sell-offer.machine'
import type { terydollarPurchaseMachine } from '../../../machines/terydollar-purchase/terydollar-purchase.machine'
import type { tradingOfferMachine } from '../../../machines/trading-offer/trading-offer.machine'
import type { BatteryOverview } from '../../../contract/battery'
import type { BurnValue } from '../../../contract/terydollar'
import type { BoardOffer, OwnOffer, TradeEntry } from '../../../contract/trading'
import { getBatteryOverview } from '../../api/battery'
import * as messages from '../../../contract/endpoints/messages'
import { call } from '../../api/http'
import { getBurnValue, getCurrentOrder, placeOrder, sendOrderVoucher } from '../../api/terydollar'
import {
  buyOffer,
  cancelOffer,
  createOffer,
  listBoard,
  listOwnOffers,
  listTradeHistory,
} from '../../api/trading'

/** GET /api/battery through the reusable loader. */
export const batteryOverviewMachine = createResourceMachine<BatteryOverview>('battery-overview')
/** GET /api/terydollar/burn */
export const burnValueMachine = createResourceMachine<BurnValue>('burn-value')
/** The trading tabs, each a paged list. */
export const boardMachine = createResourceMachine<BoardOffer[]>('trading-board', {
  reloadOn: ['board.changed'],
})
export const ownOffersMachine = createResourceMachine<OwnOffer[]>('trading-own', {
  reloadOn: ['offer.closed'],
})
export const tradeHistoryMachine = createResourceMachine<TradeEntry[]>('trading-history', {
  reloadOn: ['offer.closed'],
})

export const batteryOverviewActors: MachineActors<typeof batteryOverviewMachine> = {
  load: fromPromise(async () => ({ data: await getBatteryOverview() })),
}

export const burnValueActors: MachineActors<typeof burnValueMachine> = {
  load: fromPromise(async () => ({ data: await getBurnValue() })),
}

export const boardActors: MachineActors<typeof boardMachine> = {
  load: fromPromise(async ({ input }) => {
    const { items, pagination } = await listBoard(input.page)
    return { data: items, pagination }
  }),
}

export const ownOffersActors: MachineActors<typeof ownOffersMachine> = {
  load: fromPromise(async ({ input }) => {
    const { items, pagination } = await listOwnOffers(input.page)
    return { data: items, pagination }
  }),
}

export const tradeHistoryActors: MachineActors<typeof tradeHistoryMachine> = {
  load: fromPromise(async ({ input }) => {
    const { items, pagination } = await listTradeHistory(input.page)
    return { data: items, pagination }
  }),
}

export const terydollarPurchaseActors: MachineActors<typeof terydollarPurchaseMachine> = {
  loadOrder: fromPromise(() => getCurrentOrder()),
  placeOrder: fromPromise(({ input }) => placeOrder(input)),
  sendVoucher: fromPromise(({ input }) => sendOrderVoucher(input.orderId, input.file)),
  acknowledgeOutcome: fromPromise(({ input }) =>
    call(messages.acknowledgeMessage, { body: { id: input.messageId } }),
  ),
}

export const tradingOfferActors: MachineActors<typeof tradingOfferMachine> = {
  buyOffer: fromPromise(({ input }) => buyOffer(input.offerId)),
  cancelOffer: fromPromise(({ input }) => cancelOffer(input.offerId)),
}

export const sellOfferActors: MachineActors<typeof sellOfferMachine> = {
  createOffer: fromPromise(({ input }) => createOffer(input)),
}
