import * as v from 'valibot'
import { LIVE_EVENT_TYPES, liveMessages } from '../live'
import { defineEndpoint } from '../endpoint'

const retry = 'Retry-After says when to try again.'

/**
 * GET /api/live: the player's stream of Server-Sent Events. The browser reads it with fetch
 * (src/api/live.ts), not `call()`: it is a stream, not one answer.
 */
export const stream = defineEndpoint({
  method: 'GET',
  path: '/api/live',
  summary: 'The signed-in player’s live stream of events (Server-Sent Events).',
  description: [
    'Stays open. Carries only the player’s own events and those for every player, each as',
    '`event: <type>` and `data: <JSON>` (contract/live.ts), each with an `id:` to send back as',
    'the `Last-Event-ID` header on reconnection: the events missed since then are sent again',
    'from the database, or `live.reload` when they are too old or too many. It starts with',
    '`live.ready` (the balances now) and ends with `session.ended` when the session ends.',
    `Event types: ${LIVE_EVENT_TYPES.map((type) => `\`${type}\``).join(', ')}.`,
  ].join(' '),
  auth: 'session',
  envelope: false,
  contentType: 'text/event-stream',
  response: v.pipe(v.string(), v.description('A stream of Server-Sent Events.')),
  errors: [
    {
      status: 429,
      message: liveMessages.tooManyStreams,
      when: `The player has the most streams one server holds for a player open. ${retry}`,
    },
    {
      status: 503,
      message: liveMessages.serverFull,
      when: `The server holds the most streams it takes. ${retry}`,
    },
    {
      status: 503,
      message: liveMessages.unavailable,
      when: 'The server is not listening for events (starting or stopping).',
    },
  ],
})
