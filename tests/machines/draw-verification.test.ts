import { describe, expect, it } from 'vitest'
import { drawVerificationMachine } from '../../machines/draw-verification/draw-verification.machine'
import { drawVerificationEntry } from '../../machines/draw-verification/draw-verification.samples'
import {
  selectCheck,
  selectVerificationError,
  selectVerificationStatus,
} from '../../machines/draw-verification/draw-verification.selectors'
import { describeMachinePaths, someText } from './support/describe-machine'
import { MachineHarness } from './support/replay'

const proof = {
  number: 3,
  seed: '0123456789abcdef'.repeat(4),
  seedHash: 'a8ae6e6ee929abea3afcfc5258c8ccd6f85273e0d4626d26c7279f3250f77c8e',
  entries: 7,
  winnerTicket: 7,
}

describe('draw-verification machine', () => {
  it('checks the proof it is given and shows the computation', async () => {
    const harness = new MachineHarness(drawVerificationMachine)
    harness.send({ type: 'verify.start', proof })
    expect(harness.inputs.get('checkDraw')).toEqual(proof)
    const check = {
      seedHash: proof.seedHash,
      digest: 'ab74',
      computedTicket: 7,
      seedMatches: true,
      ticketMatches: true,
    }
    await harness.resolve('checkDraw', check)
    expect(selectVerificationStatus(harness.snapshot)).toBe('verified')
    expect(selectCheck(harness.snapshot)).toEqual(check)
  })

  it('says so when the announced ticket is not the computed one', async () => {
    const harness = new MachineHarness(drawVerificationMachine)
    harness.send({ type: 'verify.start', proof: { ...proof, winnerTicket: 3 } })
    await harness.resolve('checkDraw', {
      seedHash: proof.seedHash,
      digest: 'ab74',
      computedTicket: 7,
      seedMatches: true,
      ticketMatches: false,
    })
    expect(selectVerificationStatus(harness.snapshot)).toBe('mismatch')
  })

  it('starts over for another draw, and closes', async () => {
    const harness = new MachineHarness(drawVerificationMachine)
    harness.send({ type: 'verify.start', proof })
    await harness.reject('checkDraw', {
      status: 400,
      message: 'Tu navegador no puede calcular SHA-256 aquí',
      network: false,
    })
    expect(selectVerificationError(harness.snapshot)).toBe(
      'Tu navegador no puede calcular SHA-256 aquí',
    )
    harness.send({ type: 'verify.start', proof: { ...proof, entries: 3 } })
    expect(harness.inputs.get('checkDraw')).toEqual({ ...proof, entries: 3 })
    await harness.resolve('checkDraw', {
      seedHash: proof.seedHash,
      digest: 'c0ff',
      computedTicket: 2,
      seedMatches: true,
      ticketMatches: false,
    })
    harness.send({ type: 'verify.close' })
    expect(selectVerificationStatus(harness.snapshot)).toBe('idle')
    expect(selectCheck(harness.snapshot)).toBeNull()
  })
})

describeMachinePaths(
  drawVerificationEntry,
  { status: selectVerificationStatus, check: selectCheck, error: selectVerificationError },
  {
    idle: { status: 'idle', check: null, error: null },
    verifying: { status: 'verifying', check: null },
    verified: {
      status: 'verified',
      check: expect.objectContaining({ seedMatches: true, ticketMatches: true }),
    },
    mismatch: { status: 'mismatch', check: expect.objectContaining({ ticketMatches: false }) },
    unavailable: { status: 'unavailable', error: someText },
  },
)
