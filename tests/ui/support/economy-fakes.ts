import { batteryOperationMachine } from '../../../machines/battery-operation/battery-operation.machine'
import { gemConversionMachine } from '../../../machines/gem-conversion/gem-conversion.machine'
import { gemTransferMachine } from '../../../machines/gem-transfer/gem-transfer.machine'
import { sellOfferMachine } from '../../../machines/sell-offer/sell-offer.machine'
import { terydollarPurchaseMachine } from '../../../machines/terydollar-purchase/terydollar-purchase.machine'
import { tradingOfferMachine } from '../../../machines/trading-offer/trading-offer.machine'
import { walletMachine } from '../../../machines/wallet/wallet.machine'
import type { BatteryOverview } from '../../../contract/battery'
import type { GemTransfer, Payout } from '../../../contract/market'
import type { BoardOffer, OwnOffer, TradeEntry } from '../../../contract/trading'
import type { Balances } from '../../../contract/user'
import {
  batteryOverviewMachine,
  boardMachine,
  burnValueMachine,
  ownOffersMachine,
  tradeHistoryMachine,
} from '../../../src/pages/battery/battery.actors'
import {
  gemHistoryMachine,
  payoutsMachine,
  walletsMachine,
} from '../../../src/pages/market/market.actors'
import { fakeActors } from '../fake-actors'

export const balances: Balances = {
  terycarbons: 1_000,
  gems: 3_000,
  voltaCharge: 0,
  terydollars: 55,
}

const never = <T>() => new Promise<T>(() => undefined)

/** The board a player sees: another player's offer (the samples' offer 7) and one of theirs. */
export const boardOffers: BoardOffer[] = [
  {
    id: 7,
    seller: { code: 'VALEN123', name: 'Valentina Gómez' },
    amount: 20,
    price: 95,
    total: 1_900,
    own: false,
    createdAt: '2026-11-23T14:00:00.000Z',
  },
  {
    id: 9,
    seller: { code: 'ANA2026', name: 'Ana Gómez' },
    amount: 15,
    price: 97,
    total: 1_455,
    own: true,
    createdAt: '2026-11-23T13:00:00.000Z',
  },
]

export const ownOffers: OwnOffer[] = [
  {
    id: 9,
    amount: 15,
    price: 97,
    total: 1_455,
    fee: 44,
    state: 'open',
    buyer: null,
    createdAt: '2026-11-23T13:00:00.000Z',
    closedAt: null,
  },
]

export const trades: TradeEntry[] = [
  {
    offerId: 3,
    kind: 'sale',
    amount: 10,
    price: 90,
    total: 900,
    fee: 27,
    gems: 873,
    counterpart: { code: 'SANTI123', name: 'Santiago Rodríguez' },
    closedAt: '2026-11-21T15:00:00.000Z',
  },
]

export const overview: BatteryOverview = {
  battery: {
    batteries: 15,
    gemsPerDay: 120,
    claimableGems: 312,
    collectedGems: 0,
    boostActive: false,
  },
  terycarbonBattery: {
    price: 5_000,
    paid: 1_500,
    remaining: 3_500,
    active: false,
    completedAt: null,
  },
}

export const pagination = (totalDocs: number) => ({
  totalPages: Math.ceil(totalDocs / 10),
  totalDocs,
  limt: 10,
  page: 1,
})

/** The /battery page's machines, all answering, except the ones a test drives itself. */
export function batteryPageFakes() {
  return [
    fakeActors(batteryOverviewMachine, { load: async () => ({ data: overview }) }).overrides,
    fakeActors(burnValueMachine, {
      load: async () => ({ data: { gemsPerTerydollar: 90, terydollars: 55, gemsForAll: 4_950 } }),
    }).overrides,
    fakeActors(boardMachine, {
      load: async () => ({ data: boardOffers, pagination: pagination(boardOffers.length) }),
    }).overrides,
    fakeActors(ownOffersMachine, {
      load: async () => ({ data: ownOffers, pagination: pagination(ownOffers.length) }),
    }).overrides,
    fakeActors(tradeHistoryMachine, {
      load: async () => ({ data: trades, pagination: pagination(trades.length) }),
    }).overrides,
    fakeActors(batteryOperationMachine, { quoteOperation: never, runOperation: never }).overrides,
    fakeActors(terydollarPurchaseMachine, {
      loadOrder: async () => ({ order: null, balances }),
      placeOrder: never,
      sendVoucher: never,
      acknowledgeOutcome: never,
    }).overrides,
    fakeActors(sellOfferMachine, { createOffer: never }).overrides,
    fakeActors(tradingOfferMachine, { buyOffer: never, cancelOffer: never }).overrides,
  ]
}

export const payouts: Payout[] = [
  {
    id: 2,
    symbol: 'usdt',
    gems: 1_000,
    fee: 50,
    valueCents: 950,
    address: 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE',
    state: 'sent',
    reason: null,
    createdAt: '2026-11-20T15:00:00.000Z',
    processedAt: '2026-11-21T15:00:00.000Z',
  },
]

export const transfers: GemTransfer[] = [
  {
    id: 4,
    direction: 'received',
    counterpart: { code: 'SEBAS123', name: 'Sebastián Ruiz' },
    amount: 250,
    state: 'sent',
    releaseAt: null,
    createdAt: '2026-11-22T15:00:00.000Z',
  },
]

/** The /market page's machines, all answering, except the ones a test drives itself. */
export function marketPageFakes() {
  return [
    fakeActors(walletsMachine, {
      load: async () => ({
        data: {
          wallets: [
            {
              method: 'usdt' as const,
              address: 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE',
              updatedAt: '2026-11-20T15:00:00.000Z',
            },
          ],
        },
      }),
    }).overrides,
    fakeActors(payoutsMachine, { load: async () => ({ data: payouts }) }).overrides,
    fakeActors(gemHistoryMachine, {
      load: async () => ({ data: transfers, pagination: pagination(transfers.length) }),
    }).overrides,
    fakeActors(gemConversionMachine, { convert: never, claim: never }).overrides,
    fakeActors(walletMachine, { saveWallet: never }).overrides,
    fakeActors(gemTransferMachine, { findRecipient: never, sendGems: never }).overrides,
  ]
}
