import { screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { batteryOperationMachine } from '../../machines/battery-operation/battery-operation.machine'
import { mineMachine } from '../../machines/mine/mine.machine'
import { sampleFillingMine } from '../../machines/mine/mine.samples'
import type { BatteryQuote } from '../../contract/battery'
import type { PayoutSummary } from '../../contract/mining'
import type { BoardOffer } from '../../contract/trading'
import { boardMachine, burnValueMachine } from '../../src/pages/battery/battery.actors'
import { payoutsMachine } from '../../src/pages/mine/mine.actors'
import { fakeActors } from './fake-actors'
import { player, renderApp } from './render-app'
import { batteryPageFakes, pagination } from './support/economy-fakes'

/** The amounts of one unit the issue found written in the plural ("1 terydólares"). */
/** An actor the journey never starts. */
async function notCalled(): Promise<never> {
  throw new Error('not called in this journey')
}

describe('an amount of one agrees in number', () => {
  it('on the trading board: "1 terydólar a 150 gemas c/u"', async () => {
    const single: BoardOffer = {
      id: 31,
      seller: { code: 'VALEN123', name: 'Valentina Gómez' },
      amount: 1,
      price: 150,
      total: 150,
      own: false,
      createdAt: '2026-11-23T14:00:00.000Z',
    }
    const board = fakeActors(boardMachine, {
      load: async () => ({ data: [single], pagination: pagination(1) }),
    })
    renderApp('/battery', { session: player, actors: [...batteryPageFakes(), board.overrides] })
    expect(await screen.findByText('1 terydólar a 150 gemas c/u')).toBeTruthy()
  })

  it('in the burn preview: "Pagas 1 terydólar"', async () => {
    const quote: BatteryQuote = {
      operation: 'burn',
      amount: 1,
      spend: { currency: 'terydollars', amount: 1 },
      receive: { currency: 'gems', amount: 90 },
      batteries: { before: 0, after: 0 },
      gemsPerDay: { before: 0, after: 0 },
      shortfall: null,
    }
    const operation = fakeActors(batteryOperationMachine, {
      quoteOperation: async () => quote,
      runOperation: async () => {
        throw new Error('not run in this test')
      },
    })
    const burn = fakeActors(burnValueMachine, {
      load: async () => ({ data: { gemsPerTerydollar: 90, terydollars: 1, gemsForAll: 90 } }),
    })
    const { user } = renderApp('/battery', {
      session: { ...player, balances: { ...player.balances, terydollars: 1 } },
      actors: [...batteryPageFakes(), operation.overrides, burn.overrides],
    })
    const card = await screen.findByRole('region', { name: 'Quemar terydólares' })
    await user.type(within(card).getByRole('textbox', { name: 'Terydólares a quemar' }), '1')
    await user.click(within(card).getByRole('button', { name: 'QUEMAR' }))
    const dialog = await screen.findByRole('dialog')
    expect(await within(dialog).findByText('1 terydólar')).toBeTruthy()
    expect(within(dialog).getByText('90 gemas')).toBeTruthy()
  })

  it('in the mine payouts: "+1 terycarbono"', async () => {
    const payout: PayoutSummary = {
      id: '41',
      kind: 'mine.collect',
      currency: 'terycarbons',
      amount: 1,
      createdAt: '2026-11-23T14:00:00.000Z',
    }
    renderApp('/mine', {
      session: player,
      actors: [
        fakeActors(mineMachine, {
          loadMine: async () => sampleFillingMine,
          collect: notCalled,
          collectBonus: notCalled,
          readClock: async () => Date.parse(sampleFillingMine.backpack.at),
        }).overrides,
        fakeActors(payoutsMachine, {
          load: async () => ({ data: [payout], pagination: pagination(1) }),
        }).overrides,
      ],
    })
    const list = await screen.findByRole('region', { name: 'Tus pagos' })
    expect(await within(list).findByText('+1 terycarbono')).toBeTruthy()
  })
})
