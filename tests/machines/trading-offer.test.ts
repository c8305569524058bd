import { describe, expect, it } from 'vitest'
import { apiMessages } from '../../contract/messages'
import { tradingOfferMachine } from '../../machines/trading-offer/trading-offer.machine'
import {
  sampleTrading,
  tradingOfferEntry,
} from '../../machines/trading-offer/trading-offer.samples'
import {
  selectBuyFailure,
  selectCanRetry,
  selectDialog,
  selectFailure,
  selectIsBusy,
  selectOffer,
  selectTrade,
} from '../../machines/trading-offer/trading-offer.selectors'
import { describeMachinePaths, someText } from './support/describe-machine'
import { MachineHarness } from './support/replay'
import { economyMessages } from '../../contract/economy-messages'

const { boardOffer: offer, ownOffer, bought, cancelled } = sampleTrading

describe('trading-offer machine', () => {
  it('asks before buying, buys the chosen offer and tells the app the new balances', async () => {
    const harness = new MachineHarness(tradingOfferMachine)
    harness.send({ type: 'offer.buy', offer })
    expect(selectDialog(harness.snapshot)).toBe('confirmBuy')
    expect(harness.isWaiting('buyOffer')).toBe(false)
    harness.send({ type: 'offer.confirm' })
    expect(harness.inputs.get('buyOffer')).toEqual({ offerId: 7 })
    await harness.resolve('buyOffer', bought)
    expect(selectDialog(harness.snapshot)).toBe('bought')
    expect(selectTrade(harness.snapshot)?.gems).toBe(1_900)
    expect(harness.emitted).toEqual([
      { type: 'balances.changed', balances: bought.balances },
      { type: 'offers.changed' },
    ])
  })

  it('says the offer was sold to someone else and has the board reloaded', async () => {
    const harness = new MachineHarness(tradingOfferMachine)
    harness.send({ type: 'offer.buy', offer })
    harness.send({ type: 'offer.confirm' })
    await harness.reject('buyOffer', {
      status: 409,
      message: economyMessages.offerGone,
      network: false,
    })
    expect(selectBuyFailure(harness.snapshot)).toBe('gone')
    expect(selectFailure(harness.snapshot)).toBe('La oferta ya no está disponible')
    expect(selectCanRetry(harness.snapshot)).toBe(false)
    expect(harness.emitted).toEqual([{ type: 'offers.changed' }])
  })

  it('tells a buyer short of gems and one buying their own offer apart, neither retried', async () => {
    for (const [message, reason] of [
      [apiMessages.notEnoughGems, 'notEnoughFunds'],
      [economyMessages.ownOffer, 'ownOffer'],
    ] as const) {
      const harness = new MachineHarness(tradingOfferMachine)
      harness.send({ type: 'offer.buy', offer })
      harness.send({ type: 'offer.confirm' })
      await harness.reject('buyOffer', { status: 400, message, network: false })
      expect(selectBuyFailure(harness.snapshot)).toBe(reason)
      expect(selectCanRetry(harness.snapshot)).toBe(false)
      expect(harness.emitted).toEqual([])
    }
  })

  it('lets the player retry a purchase that got no answer', async () => {
    const harness = new MachineHarness(tradingOfferMachine)
    harness.send({ type: 'offer.buy', offer })
    harness.send({ type: 'offer.confirm' })
    await harness.reject('buyOffer', {
      status: 400,
      message: 'Ocurrio un error al procesar la petición',
      network: true,
    })
    expect(selectCanRetry(harness.snapshot)).toBe(true)
    harness.send({ type: 'offer.retry' })
    expect(harness.isWaiting('buyOffer')).toBe(true)
    expect(selectFailure(harness.snapshot)).toBeNull()
  })

  it('cancels an own offer after asking, and gives the terydollars back to the layout', async () => {
    const harness = new MachineHarness(tradingOfferMachine)
    harness.send({ type: 'offer.cancel', offer: ownOffer })
    expect(selectDialog(harness.snapshot)).toBe('confirmCancel')
    harness.send({ type: 'offer.confirm' })
    expect(harness.inputs.get('cancelOffer')).toEqual({ offerId: 9 })
    await harness.resolve('cancelOffer', cancelled)
    expect(selectDialog(harness.snapshot)).toBe('cancelled')
    expect(harness.emitted.map((event) => event.type)).toEqual([
      'balances.changed',
      'offers.changed',
    ])
    harness.send({ type: 'offer.dismiss' })
    expect(selectDialog(harness.snapshot)).toBeNull()
    expect(selectOffer(harness.snapshot)).toBeNull()
  })
})

describeMachinePaths(
  tradingOfferEntry,
  {
    dialog: selectDialog,
    offer: selectOffer,
    trade: selectTrade,
    failure: selectFailure,
    reason: selectBuyFailure,
    canRetry: selectCanRetry,
    busy: selectIsBusy,
  },
  {
    listed: { dialog: null, offer: null, busy: false },
    confirmingBuy: { dialog: 'confirmBuy', offer: expect.objectContaining({ id: 7 }), busy: false },
    buying: { dialog: 'buying', busy: true, failure: null },
    bought: { dialog: 'bought', trade: expect.objectContaining({ offerId: 7 }), busy: false },
    'failed.gone': { dialog: 'buyFailed', reason: 'gone', failure: someText, canRetry: false },
    'failed.notEnoughFunds': {
      dialog: 'buyFailed',
      reason: 'notEnoughFunds',
      failure: someText,
      canRetry: false,
    },
    'failed.ownOffer': {
      dialog: 'buyFailed',
      reason: 'ownOffer',
      failure: someText,
      canRetry: false,
    },
    'failed.error': { dialog: 'buyFailed', reason: 'error', failure: someText, canRetry: true },
    confirmingCancel: { dialog: 'confirmCancel', offer: expect.objectContaining({ id: 9 }) },
    cancelling: { dialog: 'cancelling', busy: true },
    cancelled: { dialog: 'cancelled', failure: null, busy: false },
    cancelFailed: { dialog: 'cancelFailed', failure: someText, canRetry: true },
  },
)
