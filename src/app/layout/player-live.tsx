import { useEffect, useSyncExternalStore } from 'react'
import { createActor } from 'xstate'
import { liveMachine } from '../../../machines/live/live.machine'
import { selectIsOffline } from '../../../machines/live/live.selectors'
import { setHttpHooks } from '../../api/http-hooks'
import { live as copy } from '../../copy/live'
import { actorOptions, withOverrides, type AppActors } from '../app-actors'
import { useAppActors } from '../app-context'
import type { LiveActor } from '../live-slot'
import { liveActors } from './live.actors'

/**
 * The live machine's actor, made once for the app the first time a player signs in, and connected
 * to the rest: balances to the session, the end of the session to the session, the browser's
 * online and offline events and the calls that got no answer to the live machine. Pages receive
 * what it passes on through `usePageActor`.
 */
function createLive(app: AppActors): LiveActor {
  const actor = createActor(
    liveMachine.provide({ actors: withOverrides(app.runtime, liveMachine.id, liveActors) }),
    actorOptions(app.runtime),
  )
  actor.on('live.received', ({ event }) => {
    if (event.type === 'balances.changed') {
      app.session.send({ type: 'balances.update', balances: event.data.balances })
    }
  })
  actor.on('session.ended', () => {
    // This tab's own logout ends its stream too (the NOTIFY comes before the logout's answer):
    // the session machine finishes that one itself, with its reload.
    if (!app.session.getSnapshot().matches({ authenticated: 'loggingOut' })) {
      app.session.send({ type: 'session.expired' })
    }
  })
  window.addEventListener('online', () => actor.send({ type: 'network.online' }))
  window.addEventListener('offline', () => actor.send({ type: 'network.offline' }))
  setHttpHooks({ onNetworkFailure: () => actor.send({ type: 'network.lost' }) })
  actor.subscribe((snapshot) => app.live.update({ offline: selectIsOffline(snapshot) }))
  actor.start()
  app.live.update({ actor })
  return actor
}

/**
 * Keeps the signed-in player's stream while the player's part of the layout is shown: opened at
 * sign-in, closed at logout. Renders the offline banner.
 */
export function PlayerLive() {
  const app = useAppActors()
  useEffect(() => {
    const actor = app.live.actor ?? createLive(app)
    actor.send({ type: 'live.start' })
    if (!navigator.onLine) actor.send({ type: 'network.offline' })
    // At logout; not when the app's actors were stopped first (a test's end, the page's unload).
    return () => {
      if (actor.getSnapshot().status === 'active') actor.send({ type: 'live.stop' })
    }
  }, [app])
  const offline = useSyncExternalStore(app.live.subscribe, () => app.live.offline)
  return offline ? (
    <div className="offline-banner" role="status">
      {copy.offline}
    </div>
  ) : null
}
