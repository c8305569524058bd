import { describe, expect, it } from 'vitest'
import { notificationsMachine } from '../../machines/notifications/notifications.machine'
import { notificationsEntry } from '../../machines/notifications/notifications.samples'
import {
  selectCanMarkAll,
  selectIsMarking,
  selectNewCount,
  selectNotificationsError,
} from '../../machines/notifications/notifications.selectors'
import { describeMachinePaths, someText } from './support/describe-machine'
import { MachineHarness } from './support/replay'

describe('notifications machine', () => {
  it('marks one, then all, as seen and asks for the list again each time', async () => {
    const harness = new MachineHarness(notificationsMachine)
    await harness.resolve('countNew', { count: 3 })
    harness.send({ type: 'notification.view', id: '7' })
    expect(harness.inputs.get('markViewed')).toEqual({ id: '7' })
    await harness.resolve('markViewed', { count: 2 })
    expect(selectNewCount(harness.snapshot)).toBe(2)
    harness.send({ type: 'notifications.markAll' })
    await harness.resolve('markAllViewed', { count: 0 })
    expect(selectNewCount(harness.snapshot)).toBe(0)
    expect(selectCanMarkAll(harness.snapshot)).toBe(false)
    expect(harness.emitted).toEqual([
      { type: 'notifications.viewed' },
      { type: 'notifications.viewed' },
    ])
  })
})

describeMachinePaths(
  notificationsEntry,
  {
    count: selectNewCount,
    marking: selectIsMarking,
    error: selectNotificationsError,
  },
  {
    counting: { marking: false, error: null },
    countFailed: { error: someText },
    ready: { marking: false, error: null, count: expect.any(Number) },
    markingAll: { marking: true },
    markingOne: { marking: true },
    markFailed: { marking: false, error: someText },
  },
)
