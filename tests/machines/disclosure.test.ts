import { describe, expect, it } from 'vitest'
import { createDisclosureMachine } from '../../machines/disclosure/disclosure.machine'
import { disclosureEntry } from '../../machines/disclosure/disclosure.samples'
import { selectIsOpen, selectSubject } from '../../machines/disclosure/disclosure.selectors'
import { describeMachinePaths } from './support/describe-machine'
import { MachineHarness } from './support/replay'

describe('disclosure machine', () => {
  it('shows what the player chose, and another choice replaces it while open', () => {
    const harness = new MachineHarness(createDisclosureMachine<string>())
    harness.send({ type: 'disclosure.open', subject: 'member-1' })
    expect(selectSubject(harness.snapshot)).toBe('member-1')
    harness.send({ type: 'disclosure.open', subject: 'member-2' })
    expect(selectSubject(harness.snapshot)).toBe('member-2')
    harness.send({ type: 'disclosure.close' })
    expect(selectIsOpen(harness.snapshot)).toBe(false)
    expect(selectSubject(harness.snapshot)).toBeNull()
  })

  it('toggles a panel without a subject', () => {
    const harness = new MachineHarness(createDisclosureMachine())
    harness.send({ type: 'disclosure.toggle' })
    expect(selectIsOpen(harness.snapshot)).toBe(true)
    expect(selectSubject(harness.snapshot)).toBeNull()
    harness.send({ type: 'disclosure.toggle' })
    expect(selectIsOpen(harness.snapshot)).toBe(false)
  })

  it('ignores a close while closed', () => {
    const harness = new MachineHarness(createDisclosureMachine())
    harness.send({ type: 'disclosure.close' })
    expect(selectIsOpen(harness.snapshot)).toBe(false)
  })
})

describeMachinePaths(
  disclosureEntry,
  { open: selectIsOpen, subject: selectSubject },
  {
    closed: { open: false, subject: null },
    open: { open: true, subject: expect.toBeOneOf([null, 'member-1', 'member-2']) },
  },
)
