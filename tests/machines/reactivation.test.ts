import { describe, expect, it } from 'vitest'
import { reactivationMachine } from '../../machines/reactivation/reactivation.machine'
import { reactivationEntry } from '../../machines/reactivation/reactivation.samples'
import {
  selectCode,
  selectCodeError,
  selectIsRequired,
  selectIsSubmitting,
} from '../../machines/reactivation/reactivation.selectors'
import { describeMachinePaths, someText } from './support/describe-machine'
import { MachineHarness } from './support/replay'

async function penalized() {
  const harness = new MachineHarness(reactivationMachine)
  await harness.resolve('loadStanding', { penalized: true, hasSponsor: true })
  return harness
}

describe('reactivation machine', () => {
  it('shows the code in uppercase and sends it only when it is a referral code', async () => {
    const harness = await penalized()
    harness.send({ type: 'code.change', value: ' te ' })
    expect(selectCode(harness.snapshot)).toBe('TE')
    harness.send({ type: 'code.submit' })
    expect(harness.isWaiting('enableCode')).toBe(false)
    expect(selectCodeError(harness.snapshot)).toBe(
      'El código debe tener entre 4 y 16 letras mayúsculas o números',
    )
    harness.send({ type: 'code.change', value: 'terydemo' })
    expect(selectCodeError(harness.snapshot)).toBeNull()
    harness.send({ type: 'code.submit' })
    expect(harness.inputs.get('enableCode')).toEqual({ code: 'TERYDEMO' })
    await harness.resolve('enableCode', null)
    expect(selectIsRequired(harness.snapshot)).toBe(false)
    expect(harness.emitted).toEqual([{ type: 'account.reactivated' }])
  })

  it('says the spec’s required-field message when the code is sent empty', async () => {
    const harness = await penalized()
    harness.send({ type: 'code.submit' })
    expect(harness.isWaiting('enableCode')).toBe(false)
    expect(selectCodeError(harness.snapshot)).toBe('El campo es requerido')
    harness.send({ type: 'code.change', value: '   ' })
    harness.send({ type: 'code.submit' })
    expect(selectCodeError(harness.snapshot)).toBe('El campo es requerido')
  })

  it('shows nothing to a player without a penalty', async () => {
    const harness = new MachineHarness(reactivationMachine)
    await harness.resolve('loadStanding', { penalized: false, hasSponsor: true })
    expect(selectIsRequired(harness.snapshot)).toBe(false)
  })
})

describeMachinePaths(
  reactivationEntry,
  {
    required: selectIsRequired,
    submitting: selectIsSubmitting,
    code: selectCode,
    error: selectCodeError,
  },
  {
    checking: { required: false, submitting: false },
    required: { required: true, submitting: false },
    submitting: { required: true, submitting: true, error: null },
    reactivated: { required: false },
    active: { required: false },
    postponed: { required: false },
  },
)

void someText
