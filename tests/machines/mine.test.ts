import { describe, expect, it } from 'vitest'
import { mineMachine } from '../../machines/mine/mine.machine'
import { mineEntry, sampleFillingMine, sampleFullMine } from '../../machines/mine/mine.samples'
import {
  selectBackpack,
  selectBackpackStatus,
  selectBonus,
  selectBonusError,
  selectCanCollect,
  selectCanCollectBonus,
  selectCollectError,
  selectIsLoading,
  selectLoadError,
} from '../../machines/mine/mine.selectors'
import { describeMachinePaths, someText } from './support/describe-machine'
import { MachineHarness } from './support/replay'

const answeredAt = Date.parse(sampleFillingMine.backpack.at)

/** The clock says `seconds` after the sample's answer: the reading the machine asked for. */
async function clockSays(harness: MachineHarness<typeof mineMachine>, seconds: number) {
  await harness.resolve('readClock', answeredAt + seconds * 1000)
}

/** A second passes on the machine's timer, and the clock says `seconds` after the answer. */
async function secondLater(harness: MachineHarness<typeof mineMachine>, seconds: number) {
  harness.advance(1000)
  await clockSays(harness, seconds)
}

async function loaded(mine = sampleFillingMine) {
  const harness = new MachineHarness(mineMachine)
  await harness.resolve('loadMine', mine)
  // A full backpack reads no clock: it does not fill.
  if (harness.isWaiting('readClock')) await clockSays(harness, 0)
  return harness
}

describe('mine machine', () => {
  it('fills the backpack on the clock, every second, and is full at its capacity', async () => {
    const harness = await loaded()
    expect(selectBackpack(harness.snapshot)).toMatchObject({ amount: 58, percent: (58 / 60) * 100 })
    await secondLater(harness, 1)
    expect(selectBackpack(harness.snapshot)?.amount).toBe(59)
    expect(selectBackpackStatus(harness.snapshot)).toBe('mining')
    await secondLater(harness, 2)
    expect(selectBackpackStatus(harness.snapshot)).toBe('full')
    expect(selectBackpack(harness.snapshot)).toMatchObject({ amount: 60, percent: 100 })
    harness.advance(5000)
    expect(harness.isWaiting('readClock')).toBe(false)
    expect(selectBackpack(harness.snapshot)?.amount).toBe(60)
  })

  it('shows what a frozen tab missed at its next reading, not one second of it', async () => {
    const harness = await loaded({
      ...sampleFillingMine,
      backpack: { ...sampleFillingMine.backpack, amount: 2, capacity: 400, perSecond: 0.5 },
    })
    // One timer fired in ten minutes: the phone froze the tab, the clock went on.
    await secondLater(harness, 600)
    expect(selectBackpack(harness.snapshot)?.amount).toBe(302)
    expect(selectBackpackStatus(harness.snapshot)).toBe('mining')
  })

  it('collects in the mode’s currency and starts filling again', async () => {
    const harness = await loaded(sampleFullMine)
    harness.send({ type: 'mine.collect' })
    expect(harness.inputs.get('collect')).toEqual({ mode: 'gems' })
    const empty = {
      ...sampleFullMine,
      backpack: { ...sampleFullMine.backpack, amount: 0, perSecond: 0.5 },
    }
    await harness.resolve('collect', { amount: 60, currency: 'gems', payoutId: '9', mine: empty })
    expect(selectBackpackStatus(harness.snapshot)).toBe('mining')
    expect(harness.emitted).toEqual([
      { type: 'balances.changed', balances: empty.balances },
      { type: 'mine.paid', kind: 'mine.collect', amount: 60, currency: 'gems' },
    ])
    await clockSays(harness, 0)
    await secondLater(harness, 2)
    expect(selectBackpack(harness.snapshot)?.amount).toBe(1)
  })

  it('offers no collect until the backpack holds a whole unit', async () => {
    const harness = await loaded({
      ...sampleFillingMine,
      backpack: { ...sampleFillingMine.backpack, amount: 0.4, perSecond: 0.25 },
    })
    expect(selectCanCollect(harness.snapshot)).toBe(false)
    await secondLater(harness, 1)
    await secondLater(harness, 2)
    expect(selectCanCollect(harness.snapshot)).toBe(false)
    await secondLater(harness, 3)
    expect(selectCanCollect(harness.snapshot)).toBe(true)
    expect(selectBackpack(harness.snapshot)).toMatchObject({ amount: 1.1, collectable: 1 })
  })

  it('keeps the backpack and shows why when a collect is refused', async () => {
    const harness = await loaded(sampleFullMine)
    harness.send({ type: 'mine.collect' })
    await harness.reject('collect', {
      status: 409,
      message: 'Tu mochila aún no tiene nada para recoger',
      network: false,
    })
    expect(selectBackpackStatus(harness.snapshot)).toBe('full')
    expect(selectCollectError(harness.snapshot)).toBe('Tu mochila aún no tiene nada para recoger')
  })

  it('produces faster once a fueled station answers with the mine', async () => {
    const harness = await loaded({
      ...sampleFillingMine,
      backpack: { ...sampleFillingMine.backpack, amount: 10, perSecond: 0 },
    })
    harness.advance(5000)
    expect(harness.isWaiting('readClock')).toBe(false)
    expect(selectBackpack(harness.snapshot)?.amount).toBe(10)
    harness.send({
      type: 'mine.sync',
      mine: {
        ...sampleFillingMine,
        backpack: {
          ...sampleFillingMine.backpack,
          amount: 10,
          perSecond: 2,
          at: '2026-11-20T15:00:05.000Z',
        },
      },
    })
    await clockSays(harness, 5)
    await secondLater(harness, 6)
    expect(selectBackpack(harness.snapshot)?.amount).toBe(12)
  })

  it('collects the team bonus apart from the backpack', async () => {
    const harness = await loaded()
    expect(selectBonus(harness.snapshot)).toEqual({ amount: 5, days: 1, collecting: false })
    harness.send({ type: 'bonus.collect' })
    expect(selectBonus(harness.snapshot)?.collecting).toBe(true)
    expect(selectBackpackStatus(harness.snapshot)).toBe('mining')
    await harness.reject('collectBonus', {
      status: 403,
      message: 'Tu cuenta está penalizada: reactívala para recoger el bono de equipo',
      network: false,
    })
    expect(selectBonusError(harness.snapshot)).toBe(
      'Tu cuenta está penalizada: reactívala para recoger el bono de equipo',
    )
  })
})

describeMachinePaths(
  mineEntry,
  {
    loading: selectIsLoading,
    loadError: selectLoadError,
    backpack: selectBackpackStatus,
    canCollect: selectCanCollect,
    canCollectBonus: selectCanCollectBonus,
    collectingBonus: (snapshot) => selectBonus(snapshot)?.collecting ?? null,
    bonusError: selectBonusError,
  },
  {
    loading: { loading: true, loadError: null, backpack: null },
    failed: { loading: false, loadError: someText, backpack: null },
    'ready.backpack.mining.reading': { loading: false, backpack: 'mining' },
    'ready.backpack.mining.waiting': { loading: false, backpack: 'mining' },
    'ready.backpack.full': { backpack: 'full', canCollect: true },
    'ready.backpack.collecting': { backpack: 'collecting', canCollect: false },
    'ready.bonus.idle': { collectingBonus: false, bonusError: null },
    'ready.bonus.collecting': { collectingBonus: true, canCollectBonus: false, bonusError: null },
    'ready.bonus.failed': { collectingBonus: false, bonusError: someText },
  },
)
