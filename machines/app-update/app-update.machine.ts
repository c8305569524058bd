import { emit, setup } from 'xstate'
import { metaTypes } from '../shared/meta'

export type AppUpdateEvent =
  { type: 'update.found' } | { type: 'update.accept' } | { type: 'update.dismiss' }

export type AppUpdateEmitted = { type: 'app.update' }

/**
 * A new version of the game, installed by the service worker while this one runs: the player is
 * told ("Hay una nueva versión") and chooses when to reload into it, instead of meeting a chunk
 * of the old version that is gone.
 */
export const appUpdateMachine = setup({
  types: {
    events: {} as AppUpdateEvent,
    emitted: {} as AppUpdateEmitted,
    ...metaTypes,
  },
  actions: {
    switchVersion: emit({ type: 'app.update' } as const),
  },
}).createMachine({
  id: 'app-update',
  description:
    'A new version of the game waiting to take over: the player is told and reloads into it when they choose.',
  initial: 'current',
  states: {
    current: {
      description: 'This is the latest version the browser knows.',
      on: {
        'update.found': {
          target: 'available',
          description:
            'The service worker installed a new version, waiting for this one to let go.',
          meta: { requirements: ['REQ-UPDATE-1'] },
        },
      },
    },
    available: {
      description: '"Hay una nueva versión" shows, with its button to reload.',
      on: {
        'update.accept': {
          target: 'updating',
          actions: 'switchVersion',
          description: 'The player reloads: the new version takes over, then the page loads again.',
          meta: { requirements: ['REQ-UPDATE-1'] },
        },
        'update.dismiss': {
          target: 'postponed',
          description: 'The player closes the notice: it comes back with the next visit.',
          meta: { requirements: ['REQ-UPDATE-2'] },
        },
      },
    },
    postponed: {
      description: 'The player chose to go on with this version for now.',
    },
    updating: {
      description: 'The new version is taking over; the page reloads into it.',
    },
  },
})
