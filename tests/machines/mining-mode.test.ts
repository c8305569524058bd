import { describe, expect, it } from 'vitest'
import { miningModeMachine } from '../../machines/mining-mode/mining-mode.machine'
import {
  miningModeEntry,
  sampleGemsMine,
  sampleLockedMine,
  sampleShortMine,
  sampleUnlockedMine,
} from '../../machines/mining-mode/mining-mode.samples'
import {
  selectCanSelect,
  selectLockable,
  selectMissingTerycarbons,
  selectMode,
  selectModeError,
  selectModeStatus,
} from '../../machines/mining-mode/mining-mode.selectors'
import { describeMachinePaths, someText } from './support/describe-machine'
import { MachineHarness } from './support/replay'

async function loaded(mine = sampleLockedMine) {
  const harness = new MachineHarness(miningModeMachine)
  await harness.resolve('loadMine', mine)
  return harness
}

describe('mining-mode machine', () => {
  it('asks for confirmation before paying the locked option, and pays only then', async () => {
    const harness = await loaded()
    expect(selectModeStatus(harness.snapshot)).toBe('locked')
    expect(selectLockable(harness.snapshot)).toEqual({ price: 1000, unlocked: false })
    harness.send({ type: 'unlock.request' })
    expect(selectModeStatus(harness.snapshot)).toBe('confirming')
    expect(harness.isWaiting('changeMode')).toBe(false)
    harness.send({ type: 'unlock.cancel' })
    expect(selectModeStatus(harness.snapshot)).toBe('locked')
    harness.send({ type: 'unlock.request' })
    harness.send({ type: 'unlock.confirm' })
    expect(harness.inputs.get('changeMode')).toEqual({ mode: 'gems', unlock: true })
    const change = {
      mine: sampleGemsMine,
      paid: 1000,
      collected: { amount: 47, currency: 'terycarbons' as const },
    }
    await harness.resolve('changeMode', change)
    expect(selectModeStatus(harness.snapshot)).toBe('active')
    expect(selectMode(harness.snapshot)).toBe('gems')
    expect(harness.emitted).toEqual([
      { type: 'balances.changed', balances: sampleGemsMine.balances },
      { type: 'mode.changed', change },
    ])
  })

  it('shows how many terycarbons are missing instead of asking to pay', async () => {
    const harness = await loaded(sampleShortMine)
    harness.send({ type: 'unlock.request' })
    expect(selectModeStatus(harness.snapshot)).toBe('short')
    expect(selectMissingTerycarbons(harness.snapshot)).toBe(900)
    harness.send({ type: 'short.dismiss' })
    expect(selectModeStatus(harness.snapshot)).toBe('locked')
  })

  it('lands on the same notice when the server finds the terycarbons short', async () => {
    const harness = await loaded()
    harness.send({ type: 'unlock.request' })
    harness.send({ type: 'unlock.confirm' })
    await harness.reject('changeMode', {
      status: 409,
      message: 'No tienes suficientes terycarbonos',
      network: false,
    })
    expect(selectModeStatus(harness.snapshot)).toBe('short')
  })

  it('switches freely between unlocked modes, keeping the mode when a switch fails', async () => {
    const harness = await loaded(sampleUnlockedMine)
    expect(selectCanSelect(harness.snapshot, 'terycarbons')).toBe(false)
    expect(selectCanSelect(harness.snapshot, 'gems')).toBe(true)
    harness.send({ type: 'mode.select', mode: 'gems' })
    expect(harness.inputs.get('changeMode')).toEqual({ mode: 'gems' })
    await harness.reject('changeMode', {
      status: 500,
      message: 'No pudimos completar la solicitud',
      network: false,
    })
    expect(selectMode(harness.snapshot)).toBe('terycarbons')
    expect(selectModeError(harness.snapshot)).toBe('No pudimos completar la solicitud')
  })
})

describeMachinePaths(
  miningModeEntry,
  {
    status: selectModeStatus,
    mode: selectMode,
    missing: selectMissingTerycarbons,
    canPickGems: (snapshot) => selectCanSelect(snapshot, 'gems'),
    canPickTerycarbons: (snapshot) => selectCanSelect(snapshot, 'terycarbons'),
    unlocked: (snapshot) => selectLockable(snapshot)?.unlocked ?? null,
  },
  {
    loading: { status: 'loading', mode: null },
    failed: { status: 'failed', mode: null },
    locked: { status: 'locked', mode: 'terycarbons', unlocked: false, canPickGems: false },
    short: { status: 'short', unlocked: false, missing: expect.any(Number) },
    confirming: { status: 'confirming', unlocked: false, missing: 0 },
    paying: { status: 'paying', unlocked: false },
    'unlocked.terycarbons': {
      status: 'active',
      mode: 'terycarbons',
      unlocked: true,
      canPickGems: true,
      canPickTerycarbons: false,
    },
    'unlocked.gems': {
      status: 'active',
      mode: 'gems',
      unlocked: true,
      canPickGems: false,
      canPickTerycarbons: true,
    },
    'unlocked.switching': { status: 'switching', canPickGems: false, canPickTerycarbons: false },
  },
)

void someText
