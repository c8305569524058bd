import { defineMachineEntry } from '../shared/machine-entry'
import { sampleFailures } from '../shared/sample-failures'
import { notificationsMachine } from './notifications.machine'
import * as selectors from './notifications.selectors'

export const notificationsEntry = defineMachineEntry(notificationsMachine, {
  selectors,
  events: {
    'notifications.markAll': [{ type: 'notifications.markAll' }],
    'notification.view': [{ type: 'notification.view', id: '42' }],
    'notifications.refresh': [{ type: 'notifications.refresh' }],
    'notifications.retry': [{ type: 'notifications.retry' }],
  },
  outcomes: {
    countNew: { done: [{ count: 3 }, { count: 0 }], error: [sampleFailures.noAnswer] },
    markAllViewed: { done: [{ count: 0 }], error: [sampleFailures.serverError] },
    markViewed: {
      done: [{ count: 2 }],
      error: [{ status: 404, message: 'La notificación no existe', network: false }],
    },
  },
})
