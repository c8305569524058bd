import { describe, expect, it } from 'vitest'
import { welcomeMessagesMachine } from '../../machines/welcome-messages/welcome-messages.machine'
import { welcomeMessagesEntry } from '../../machines/welcome-messages/welcome-messages.samples'
import {
  selectAcknowledgeError,
  selectCurrentMessage,
  selectIsAcknowledging,
  selectIsSettled,
  selectMessagePosition,
} from '../../machines/welcome-messages/welcome-messages.selectors'
import type { WelcomeMessage } from '../../contract/inbox'
import { describeMachinePaths, someText } from './support/describe-machine'
import { MachineHarness } from './support/replay'

const first: WelcomeMessage = {
  id: 'a',
  kind: 'newRank',
  createdAt: '2026-11-23T05:00:00.000Z',
  payload: { rankIndex: 3, rankName: 'Plata I', percent: 7 },
}
const second: WelcomeMessage = {
  id: 'b',
  kind: 'gemsReceived',
  createdAt: '2026-11-23T06:00:00.000Z',
  payload: { amount: 25, fromName: 'Valentina Gómez' },
}

describe('welcome-messages machine', () => {
  it('shows the messages one at a time, acknowledging each before the next', async () => {
    const harness = new MachineHarness(welcomeMessagesMachine)
    await harness.resolve('loadMessages', { messages: [first, second] })
    expect(selectCurrentMessage(harness.snapshot)).toEqual(first)
    expect(selectMessagePosition(harness.snapshot)).toEqual({ position: 1, total: 2 })
    harness.send({ type: 'message.acknowledge' })
    expect(harness.inputs.get('acknowledge')).toEqual({ id: 'a' })
    await harness.resolve('acknowledge', { messages: [second] })
    expect(selectCurrentMessage(harness.snapshot)).toEqual(second)
    // The one read still counts: 2 of 2, not 1 of 1.
    expect(selectMessagePosition(harness.snapshot)).toEqual({ position: 2, total: 2 })
    harness.send({ type: 'message.acknowledge' })
    await harness.resolve('acknowledge', { messages: [] })
    expect(selectIsSettled(harness.snapshot)).toBe(true)
    expect(selectCurrentMessage(harness.snapshot)).toBeNull()
  })

  it('counts a message that arrives after the others were read as 1 of 1, not 3 of 3', async () => {
    const harness = new MachineHarness(welcomeMessagesMachine)
    await harness.resolve('loadMessages', { messages: [first, second] })
    harness.send({ type: 'message.acknowledge' })
    await harness.resolve('acknowledge', { messages: [second] })
    harness.send({ type: 'message.acknowledge' })
    await harness.resolve('acknowledge', { messages: [] })
    harness.send({ type: 'message.received' })
    await harness.resolve('loadMessages', { messages: [first] })
    expect(selectMessagePosition(harness.snapshot)).toEqual({ position: 1, total: 1 })
  })

  it('keeps the message on screen when it could not be acknowledged', async () => {
    const harness = new MachineHarness(welcomeMessagesMachine)
    await harness.resolve('loadMessages', { messages: [first] })
    harness.send({ type: 'message.acknowledge' })
    await harness.reject('acknowledge', {
      status: 400,
      message: 'Ocurrio un error al procesar la petición',
      network: true,
    })
    expect(selectCurrentMessage(harness.snapshot)).toEqual(first)
    expect(selectMessagePosition(harness.snapshot)).toEqual({ position: 1, total: 1 })
    expect(selectAcknowledgeError(harness.snapshot)).toBe(
      'Ocurrio un error al procesar la petición',
    )
  })

  it('shows the next message without the failure of the one acknowledged on a second try', async () => {
    const harness = new MachineHarness(welcomeMessagesMachine)
    await harness.resolve('loadMessages', { messages: [first, second] })
    harness.send({ type: 'message.acknowledge' })
    await harness.reject('acknowledge', {
      status: 400,
      message: 'Ocurrio un error al procesar la petición',
      network: true,
    })
    harness.send({ type: 'message.acknowledge' })
    await harness.resolve('acknowledge', { messages: [second] })
    expect(selectCurrentMessage(harness.snapshot)).toEqual(second)
    expect(selectAcknowledgeError(harness.snapshot)).toBeNull()
  })
})

describeMachinePaths(
  welcomeMessagesEntry,
  {
    message: (snapshot) => selectCurrentMessage(snapshot)?.kind ?? null,
    acknowledging: selectIsAcknowledging,
    settled: selectIsSettled,
    error: selectAcknowledgeError,
  },
  {
    loading: { message: null, settled: false },
    showing: { message: someText, acknowledging: false, settled: false },
    acknowledging: { message: someText, acknowledging: true, error: null },
    done: { message: null, settled: true },
    unavailable: { message: null, settled: true },
  },
)
