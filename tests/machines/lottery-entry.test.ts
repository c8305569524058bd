import { describe, expect, it } from 'vitest'
import { lotteryEntryMachine } from '../../machines/lottery-entry/lottery-entry.machine'
import { lotteryEntryEntry, sampleDraws } from '../../machines/lottery-entry/lottery-entry.samples'
import {
  selectDraw,
  selectEntryError,
  selectEntryStatus,
  selectMyTicket,
} from '../../machines/lottery-entry/lottery-entry.selectors'
import { describeMachinePaths, someText } from './support/describe-machine'
import { MachineHarness } from './support/replay'

const balances = { terycarbons: 2450, gems: 340, voltaCharge: 120, terydollars: 25 }

async function openFor(signedIn = true) {
  const harness = new MachineHarness(lotteryEntryMachine)
  await harness.resolve('loadDraw', { draw: sampleDraws.open, signedIn })
  return harness
}

describe('lottery-entry machine', () => {
  it('asks for the draw taking entries first', () => {
    const harness = new MachineHarness(lotteryEntryMachine)
    expect(harness.inputs.get('loadDraw')).toEqual({ number: null })
  })

  it('shows a visitor the draw without a way to take part', async () => {
    const harness = await openFor(false)
    expect(selectEntryStatus(harness.snapshot)).toBe('visitor')
    expect(selectDraw(harness.snapshot)?.prize).toEqual({ currency: 'gems', amount: 200 })
    harness.send({ type: 'entry.request' })
    expect(selectEntryStatus(harness.snapshot)).toBe('visitor')
  })

  it('takes part only after the player confirms, then updates the balances', async () => {
    const harness = await openFor()
    harness.send({ type: 'entry.request' })
    expect(selectEntryStatus(harness.snapshot)).toBe('confirming')
    expect(harness.isWaiting('enterDraw')).toBe(false)
    harness.send({ type: 'entry.confirm' })
    expect(harness.inputs.get('enterDraw')).toEqual({ drawId: sampleDraws.open.id })
    await harness.resolve('enterDraw', { draw: sampleDraws.entered, balances })
    expect(selectEntryStatus(harness.snapshot)).toBe('entered')
    expect(harness.emitted).toEqual([
      { type: 'balances.changed', balances },
      { type: 'toast.show', message: '¡Ya participas en el sorteo!' },
    ])
  })

  it('lets the player back out of the confirmation without paying', async () => {
    const harness = await openFor()
    harness.send({ type: 'entry.request' })
    harness.send({ type: 'entry.cancel' })
    expect(selectEntryStatus(harness.snapshot)).toBe('open')
    expect(harness.isWaiting('enterDraw')).toBe(false)
  })

  it('keeps the card open with the reason when the entry is refused', async () => {
    const harness = await openFor()
    harness.send({ type: 'entry.request' })
    harness.send({ type: 'entry.confirm' })
    await harness.reject('enterDraw', {
      status: 400,
      message: 'No tienes suficientes terycarbonos para participar',
      network: false,
    })
    expect(selectEntryStatus(harness.snapshot)).toBe('open')
    expect(selectEntryError(harness.snapshot)).toBe(
      'No tienes suficientes terycarbonos para participar',
    )
    expect(harness.emitted).toEqual([])
  })

  it('says why and reloads the same draw when it closed meanwhile', async () => {
    const harness = await openFor()
    harness.send({ type: 'entry.request' })
    harness.send({ type: 'entry.confirm' })
    await harness.reject('enterDraw', {
      status: 409,
      message: 'Las inscripciones de este sorteo ya cerraron',
      network: false,
    })
    expect(harness.emitted).toEqual([
      { type: 'toast.show', message: 'Las inscripciones de este sorteo ya cerraron' },
    ])
    expect(harness.inputs.get('loadDraw')).toEqual({ number: 4 })
    await harness.resolve('loadDraw', { draw: sampleDraws.closed, signedIn: true })
    expect(selectEntryStatus(harness.snapshot)).toBe('closed')
  })

  it('follows the entered draw to its result, then goes on to the next draw', async () => {
    const harness = await openFor()
    harness.send({ type: 'entry.request' })
    harness.send({ type: 'entry.confirm' })
    await harness.resolve('enterDraw', { draw: sampleDraws.entered, balances })
    harness.send({ type: 'draw.refresh' })
    expect(harness.inputs.get('loadDraw')).toEqual({ number: 4 })
    await harness.resolve('loadDraw', { draw: sampleDraws.won, signedIn: true })
    expect(selectEntryStatus(harness.snapshot)).toBe('won')
    expect(selectMyTicket(harness.snapshot)).toBe(7)
    harness.send({ type: 'draw.next' })
    expect(harness.inputs.get('loadDraw')).toEqual({ number: null })
  })
})

describeMachinePaths(
  lotteryEntryEntry,
  { status: selectEntryStatus, error: selectEntryError, draw: selectDraw },
  {
    loading: { status: 'loading' },
    none: { status: 'none', draw: null },
    visitor: { status: 'visitor', error: null },
    open: { status: 'open' },
    confirming: { status: 'confirming', error: null },
    entering: { status: 'entering' },
    entered: { status: 'entered', error: null },
    closed: { status: 'closed' },
    'drawn.won': { status: 'won' },
    'drawn.lost': { status: 'lost' },
    'drawn.missed': { status: 'missed' },
    failed: { status: 'failed', error: someText },
  },
)
