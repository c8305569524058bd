import type { WelcomeMessage } from '../../contract/inbox'
import { defineMachineEntry } from '../shared/machine-entry'
import { sampleFailures } from '../shared/sample-failures'
import { welcomeMessagesMachine } from './welcome-messages.machine'
import * as selectors from './welcome-messages.selectors'

const weeklyReset: WelcomeMessage = {
  id: '3f1c2a4e-0000-4000-8000-000000000001',
  kind: 'weeklyReset',
  createdAt: '2026-11-23T05:00:00.000Z',
  payload: { week: '2026-11-16', teamGems: 238 },
}
const penalty: WelcomeMessage = {
  id: '3f1c2a4e-0000-4000-8000-000000000002',
  kind: 'penalty',
  createdAt: '2026-11-23T05:00:00.001Z',
  payload: { week: '2026-11-16', penalties: 1 },
}

export const welcomeMessagesEntry = defineMachineEntry(welcomeMessagesMachine, {
  selectors,
  events: {
    'message.acknowledge': [{ type: 'message.acknowledge' }],
    'message.received': [{ type: 'message.received' }],
  },
  outcomes: {
    loadMessages: {
      done: [{ messages: [weeklyReset, penalty] }, { messages: [] }],
      error: [sampleFailures.noAnswer],
    },
    acknowledge: {
      done: [{ messages: [penalty] }, { messages: [] }],
      error: [sampleFailures.noAnswer],
    },
  },
  // Each acknowledgement counts one more read: two are enough to show 1 of 2 and 2 of 2.
  isBeyondBound: (snapshot) => snapshot.context.acknowledged > 2,
})
