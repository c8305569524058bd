import { fromPromise } from 'xstate'
import { createResourceMachine } from '../../../machines/resource/resource.machine'
import type { MachineActors } from '../../../machines/shared/machine-entry'
import type { sellOfferMachine } from '../../../machines/sell-offer/sell-offer.machine'
import type { terydollarPurchaseMachine } from '../../../machines/terydollar-purchase/terydollar-purchase.machine'
import type { tradingOfferMachine } from '../../../machines/trading-offer/trading-offer.machine'
import type { BatteryOverview } from '../../../contract/battery'
import type { BurnValue } from '../../../contract/terydollar'
import type { BoardOffer, OwnOffer, TradeEntry } from '../../../contract/trading'
import { CRYPTO_METHODS } from '../../../contract/payments'
import * as battery from '../../../contract/endpoints/battery'
import * as messages from '../../../contract/endpoints/messages'
import * as terydollar from '../../../contract/endpoints/terydollar'
import * as trading from '../../../contract/endpoints/trading'
import { call } from '../../api/http'
import { pageOfItems } from '../../shared/resource-page'

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
  load: fromPromise(async () => ({ data: await call(battery.getBatteryOverview) })),
}

export const burnValueActors: MachineActors<typeof burnValueMachine> = {
  load: fromPromise(async () => ({ data: await call(terydollar.getBurnValue) })),
}

export const boardActors: MachineActors<typeof boardMachine> = {
  load: fromPromise(({ input }) =>
    call(trading.listBoard, { query: { page: input.page } }).then(pageOfItems),
  ),
}

export const ownOffersActors: MachineActors<typeof ownOffersMachine> = {
  load: fromPromise(({ input }) =>
    call(trading.listOwnOffers, { query: { page: input.page } }).then(pageOfItems),
  ),
}

export const tradeHistoryActors: MachineActors<typeof tradeHistoryMachine> = {
  load: fromPromise(({ input }) =>
    call(trading.listTradeHistory, { query: { page: input.page } }).then(pageOfItems),
  ),
}

export const terydollarPurchaseActors: MachineActors<typeof terydollarPurchaseMachine> = {
  loadOrder: fromPromise(() => call(terydollar.getCurrentOrder)),
  // Bitcoin and USDT are ordered through POST /api/terydollar, the other methods through /other.
  placeOrder: fromPromise(({ input }) =>
    (CRYPTO_METHODS as readonly string[]).includes(input.method)
      ? call(terydollar.placeCryptoOrder, { body: input })
      : call(terydollar.placeOtherOrder, { body: input }),
  ),
  sendVoucher: fromPromise(({ input }) =>
    call(terydollar.sendOrderVoucher, { query: { orderId: input.orderId }, body: input.file }),
  ),
  acknowledgeOutcome: fromPromise(({ input }) =>
    call(messages.acknowledgeMessage, { body: { id: input.messageId } }),
  ),
}

export const tradingOfferActors: MachineActors<typeof tradingOfferMachine> = {
  buyOffer: fromPromise(({ input }) => call(trading.buyOffer, { body: input })),
  cancelOffer: fromPromise(({ input }) => call(trading.cancelOffer, { body: input })),
}

export const sellOfferActors: MachineActors<typeof sellOfferMachine> = {
  createOffer: fromPromise(({ input }) => call(trading.createOffer, { body: input })),
}
