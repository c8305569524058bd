import { describe, expect, it } from 'vitest'
import { gemTransferMachine } from '../../machines/gem-transfer/gem-transfer.machine'
import { gemTransferEntry } from '../../machines/gem-transfer/gem-transfer.samples'
import {
  selectAmount,
  selectFailure,
  selectIsBusy,
  selectRecipient,
  selectStep,
  selectTransfer,
} from '../../machines/gem-transfer/gem-transfer.selectors'
import { describeMachinePaths, someText } from './support/describe-machine'
import { MachineHarness } from './support/replay'

const recipient = { code: 'VALEN123', name: 'Valentina Gómez' }
const balances = { terycarbons: 0, gems: 80, voltaCharge: 0, terydollars: 0 }

async function confirming() {
  const harness = new MachineHarness(gemTransferMachine)
  harness.send({ type: 'transfer.review', code: ' valen123 ', amount: 20 })
  await harness.resolve('findRecipient', recipient)
  return harness
}

describe('gem-transfer machine', () => {
  it('looks the code up in upper case and shows the name before sending anything', async () => {
    const harness = new MachineHarness(gemTransferMachine)
    harness.send({ type: 'transfer.review', code: ' valen123 ', amount: 20 })
    expect(harness.inputs.get('findRecipient')).toEqual({ code: 'VALEN123' })
    await harness.resolve('findRecipient', recipient)
    expect(selectStep(harness.snapshot)).toBe('confirming')
    expect(selectRecipient(harness.snapshot)).toEqual(recipient)
    expect(selectAmount(harness.snapshot)).toBe(20)
    expect(harness.isWaiting('sendGems')).toBe(false)
  })

  it('sends after the confirmation and reports the new balances and history', async () => {
    const harness = await confirming()
    harness.send({ type: 'transfer.confirm' })
    expect(harness.inputs.get('sendGems')).toEqual({ code: 'VALEN123', amount: 20 })
    const transfer = {
      id: 1,
      direction: 'sent' as const,
      counterpart: recipient,
      amount: 20,
      state: 'sent' as const,
      releaseAt: null,
      createdAt: '2026-11-23T15:00:00.000Z',
    }
    await harness.resolve('sendGems', { transfer, balances })
    expect(selectStep(harness.snapshot)).toBe('sent')
    expect(selectTransfer(harness.snapshot)).toEqual(transfer)
    expect(harness.emitted).toEqual([
      { type: 'balances.changed', balances },
      { type: 'transfers.changed' },
    ])
  })

  it('shows an unknown code on the form and sends nothing', async () => {
    const harness = new MachineHarness(gemTransferMachine)
    harness.send({ type: 'transfer.review', code: 'NOEXISTE', amount: 20 })
    await harness.reject('findRecipient', {
      status: 404,
      message: 'No existe un jugador con ese código',
      network: false,
    })
    expect(selectStep(harness.snapshot)).toBe('editing')
    expect(selectFailure(harness.snapshot)).toBe('No existe un jugador con ese código')
    expect(harness.emitted).toEqual([])
  })

  it('keeps the confirmation open with the reason when the balance is short', async () => {
    const harness = await confirming()
    harness.send({ type: 'transfer.confirm' })
    await harness.reject('sendGems', {
      status: 400,
      message: 'No tienes suficientes gemas',
      network: false,
    })
    expect(selectStep(harness.snapshot)).toBe('confirming')
    expect(selectFailure(harness.snapshot)).toBe('No tienes suficientes gemas')
    harness.send({ type: 'transfer.edit' })
    expect(selectFailure(harness.snapshot)).toBeNull()
  })
})

describeMachinePaths(
  gemTransferEntry,
  {
    step: selectStep,
    recipient: selectRecipient,
    transfer: selectTransfer,
    busy: selectIsBusy,
  },
  {
    editing: { step: 'editing', transfer: null, busy: false },
    lookingUp: { step: 'lookingUp', recipient: null, busy: true },
    confirming: {
      step: 'confirming',
      recipient: { code: 'VALEN123', name: someText },
      busy: false,
    },
    sending: { step: 'sending', busy: true },
    sent: { step: 'sent', transfer: expect.objectContaining({ state: 'sent' }) },
    pending: {
      step: 'pending',
      transfer: expect.objectContaining({ state: 'pending', releaseAt: someText }),
    },
  },
)
