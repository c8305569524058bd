import { defineMachineEntry } from '../shared/machine-entry'
import { sampleFailures } from '../shared/sample-failures'
import { resourceMachine } from './resource.machine'
import * as selectors from './resource.selectors'

export const resourceEntry = defineMachineEntry(resourceMachine, {
  selectors,
  // Drawn whole, Mermaid garbles the arrows that reach the loading box from outside it: one
  // diagram for loading's states, and the outcomes in two (loading's arrows to its four outcomes,
  // drawn in one part with loading's states, made it 1,143 px wide, past the docs' 880).
  diagramParts: {
    loading: ['loading.waiting', 'loading.retrying'],
    answers: ['loaded', 'empty'],
    failures: ['failed', 'offline'],
  },
  events: {
    'resource.retry': [{ type: 'resource.retry' }],
    'resource.reload': [{ type: 'resource.reload' }],
    // Both sides of each end of canGoToPage's range, 1 to the sample's totalPages (2): 0 and 3
    // must be ignored, 1 and 2 load, so a moved boundary fails a generated test.
    'page.go': [
      { type: 'page.go', page: 2 },
      { type: 'page.go', page: 3 },
      { type: 'page.go', page: 1 },
      { type: 'page.go', page: 0 },
    ],
    // A search, then the whole list again: the query reaches `load` with page 1.
    'query.set': [
      { type: 'query.set', query: { search: 'ana' } },
      { type: 'query.set', query: {} },
    ],
    // This instance reloads on board.changed (as the trading board does); the rest it ignores.
    'board.changed': [{ type: 'board.changed' }],
    'live.reload': [{ type: 'live.reload' }],
    'balances.changed': [{ type: 'balances.changed' }],
    'message.received': [{ type: 'message.received' }],
    'offer.closed': [{ type: 'offer.closed' }],
    'notification.received': [{ type: 'notification.received' }],
    'order.reviewed': [{ type: 'order.reviewed' }],
    'coupon.settled': [{ type: 'coupon.settled' }],
    'lottery.drawn': [{ type: 'lottery.drawn' }],
  },
  boundaryEvents: ['page.go'],
  outcomes: {
    load: {
      done: [
        {
          data: [{ id: 1 }, { id: 2 }],
          pagination: { totalPages: 2, totalDocs: 12, limt: 10, page: 1 },
        },
        { data: [], pagination: { totalPages: 0, totalDocs: 0, limt: 10, page: 1 } },
      ],
      error: [sampleFailures.noAnswer, sampleFailures.serverError],
    },
  },
})
