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

/** Lets whole seconds pass, one timer at a time, as a running clock would. */
function seconds(harness: { advance: (ms: number) => void }, count: number) {
  for (let i = 0; i < count; i += 1) harness.advance(1000)
}

async function loaded(mine = sampleFillingMine) {
  const harness = new MachineHarness(mineMachine)
  await harness.resolve('loadMine', mine)
  return harness
}

describe('mine machine', () => {
  it('fills the backpack a second at a time and is full at its capacity', async () => {
    const harness = await loaded()
    expect(selectBackpack(harness.snapshot)).toMatchObject({ amount: 58, percent: (58 / 60) * 100 })
    seconds(harness, 1)
    expect(selectBackpack(harness.snapshot)?.amount).toBe(59)
    expect(selectBackpackStatus(harness.snapshot)).toBe('mining')
    seconds(harness, 1)
    expect(selectBackpackStatus(harness.snapshot)).toBe('full')
    expect(selectBackpack(harness.snapshot)).toMatchObject({ amount: 60, percent: 100 })
    seconds(harness, 5)
    expect(selectBackpack(harness.snapshot)?.amount).toBe(60)
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
    seconds(harness, 2)
    expect(selectBackpack(harness.snapshot)?.amount).toBe(1)
  })

  it('offers no collect until the backpack holds a whole unit', async () => {
    const harness = await loaded({
      ...sampleFillingMine,
      backpack: { ...sampleFillingMine.backpack, amount: 0.4, perSecond: 0.25 },
    })
    expect(selectCanCollect(harness.snapshot)).toBe(false)
    seconds(harness, 3)
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
    seconds(harness, 5)
    expect(selectBackpack(harness.snapshot)?.amount).toBe(10)
    harness.send({
      type: 'mine.sync',
      mine: {
        ...sampleFillingMine,
        backpack: { ...sampleFillingMine.backpack, amount: 10, perSecond: 2 },
      },
    })
    seconds(harness, 1)
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
    'ready.backpack.mining': { loading: false, backpack: 'mining' },
    'ready.backpack.full': { backpack: 'full', canCollect: true },
    'ready.backpack.collecting': { backpack: 'collecting', canCollect: false },
    'ready.bonus.idle': { collectingBonus: false, bonusError: null },
    'ready.bonus.collecting': { collectingBonus: true, canCollectBonus: false, bonusError: null },
    'ready.bonus.failed': { collectingBonus: false, bonusError: someText },
  },
)
