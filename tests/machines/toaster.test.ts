import { describe, expect, it } from 'vitest'
import { toasterMachine } from '../../machines/toaster/toaster.machine'
import { selectToasts } from '../../machines/toaster/toaster.selectors'
import { MachineHarness } from './support/replay'
import { toasterEntry } from '../../machines/toaster/toaster.samples'
import { describeMachinePaths } from './support/describe-machine'

describe('toaster machine', () => {
  it('removes a toast after 6000 ms and not before', () => {
    const harness = new MachineHarness(toasterMachine)
    harness.send({ type: 'toast.show', message: 'La sesión ha terminado' })
    expect(selectToasts(harness.snapshot)).toEqual([
      { id: 1, message: 'La sesión ha terminado', placement: 'top-right' },
    ])
    harness.advance(5999)
    expect(selectToasts(harness.snapshot)).toHaveLength(1)
    harness.advance(1)
    expect(selectToasts(harness.snapshot)).toEqual([])
    expect(harness.snapshot.matches('empty')).toBe(true)
  })

  it('times each toast from its own appearance', () => {
    const harness = new MachineHarness(toasterMachine)
    harness.send({ type: 'toast.show', message: 'Primero' })
    harness.advance(3000)
    harness.send({ type: 'toast.show', message: 'Segundo', placement: 'bottom-right' })
    harness.advance(3000)
    expect(selectToasts(harness.snapshot)).toEqual([
      { id: 2, message: 'Segundo', placement: 'bottom-right' },
    ])
    harness.advance(3000)
    expect(selectToasts(harness.snapshot)).toEqual([])
  })

  it('closes a toast at once when the player dismisses it', () => {
    const harness = new MachineHarness(toasterMachine)
    harness.send({ type: 'toast.show', message: 'Uno' })
    harness.send({ type: 'toast.show', message: 'Dos' })
    harness.send({ type: 'toast.dismiss', id: 1 })
    expect(selectToasts(harness.snapshot).map((toast) => toast.message)).toEqual(['Dos'])
    harness.send({ type: 'toast.dismiss', id: 2 })
    expect(harness.snapshot.matches('empty')).toBe(true)
    harness.advance(6000)
    expect(selectToasts(harness.snapshot)).toEqual([])
  })
})

describeMachinePaths(
  toasterEntry,
  { toasts: selectToasts },
  {
    empty: { toasts: [] },
    showing: {
      toasts: expect.arrayContaining([expect.objectContaining({ message: expect.any(String) })]),
    },
  },
)
