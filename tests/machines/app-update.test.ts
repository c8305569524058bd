import { describe, expect, it } from 'vitest'
import { appUpdateMachine } from '../../machines/app-update/app-update.machine'
import { appUpdateEntry } from '../../machines/app-update/app-update.samples'
import {
  selectIsUpdateShown,
  selectIsUpdating,
} from '../../machines/app-update/app-update.selectors'
import { describeMachinePaths } from './support/describe-machine'
import { MachineHarness } from './support/replay'

describe('app-update machine', () => {
  it('asks the app to switch to the new version only when the player says so', () => {
    const harness = new MachineHarness(appUpdateMachine)
    harness.send({ type: 'update.found' })
    expect(harness.emitted).toEqual([])
    harness.send({ type: 'update.accept' })
    expect(harness.emitted).toEqual([{ type: 'app.update' }])
  })

  it('stays out of the way once the player postponed it', () => {
    const harness = new MachineHarness(appUpdateMachine)
    harness.send({ type: 'update.found' })
    harness.send({ type: 'update.dismiss' })
    harness.send({ type: 'update.found' })
    expect(selectIsUpdateShown(harness.snapshot)).toBe(false)
  })
})

describeMachinePaths(
  appUpdateEntry,
  { shown: selectIsUpdateShown, updating: selectIsUpdating },
  {
    current: { shown: false, updating: false },
    available: { shown: true, updating: false },
    postponed: { shown: false, updating: false },
    updating: { shown: true, updating: true },
  },
)
