import { defineMachineEntry } from '../shared/machine-entry'
import { liveMachine } from './live.machine'

const balances = { terycarbons: 10, gems: 25, voltaCharge: 0, terydollars: 3 }

export const liveEntry = defineMachineEntry(liveMachine, {
  // Drawn whole, the arrows from backingOff and offline into streaming's states made Mermaid draw
  // connecting and reconnecting outside the streaming box ("transitions between internal states
  // belonging to different composite states" are what Mermaid cannot draw): streaming is a part.
  diagramParts: { streaming: ['active.streaming'] },
  events: {
    'live.start': [{ type: 'live.start' }],
    'live.stop': [{ type: 'live.stop' }],
    'stream.opened': [{ type: 'stream.opened', cursor: '41', balances }],
    'stream.received': [
      { type: 'stream.received', cursor: '42', event: { type: 'board.changed', data: {} } },
    ],
    'stream.reload': [{ type: 'stream.reload', cursor: '90' }],
    'stream.failed': [
      { type: 'stream.failed', failure: { network: true, retryAfterMs: null, jitter: 0.5 } },
      { type: 'stream.failed', failure: { network: false, retryAfterMs: 30_000, jitter: 0.5 } },
    ],
    'stream.ended': [{ type: 'stream.ended' }],
    'network.offline': [{ type: 'network.offline' }],
    'network.online': [{ type: 'network.online' }],
    'network.lost': [{ type: 'network.lost' }],
  },
  outcomes: { connect: { done: [], error: [] } },
  // The attempts count grows with every failure: past two, states only repeat.
  isBeyondBound: (snapshot) => snapshot.context.attempt > 2,
})
