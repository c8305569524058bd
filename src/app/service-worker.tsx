import { useSelector } from '@xstate/react'
import { createRoot } from 'react-dom/client'
import { Workbox } from 'workbox-window'
import { createActor } from 'xstate'
import { appUpdateMachine } from '../../machines/app-update/app-update.machine'
import {
  selectIsUpdateShown,
  selectIsUpdating,
} from '../../machines/app-update/app-update.selectors'
import { appUpdate as copy } from '../copy/app-update'
import { actorOptions, type AppActors } from './app-actors'
import './update-prompt.css'

type UpdateActor = ReturnType<typeof createActor<typeof appUpdateMachine>>

/** "Hay una nueva versión", with its reload button, over the page while a new version waits. */
function UpdatePrompt({ actor }: { actor: UpdateActor }) {
  const shown = useSelector(actor, selectIsUpdateShown)
  const updating = useSelector(actor, selectIsUpdating)
  if (!shown) return null
  return (
    <div className="update-prompt" role="alert">
      <p className="update-prompt__title">{copy.available}</p>
      <p className="update-prompt__text">{copy.text}</p>
      <div className="update-prompt__actions">
        <button
          type="button"
          className="button button--small button--ghost"
          onClick={() => actor.send({ type: 'update.dismiss' })}
          disabled={updating}
        >
          {copy.later}
        </button>
        <button
          type="button"
          className="button button--small button--gold"
          onClick={() => actor.send({ type: 'update.accept' })}
          disabled={updating}
        >
          {copy.reload}
        </button>
      </div>
    </div>
  )
}

/**
 * Registers the service worker (src/sw.ts), once the page has loaded and in a chunk of its own, so
 * nothing of it weighs on the first load. A new version it installs while this one runs waits
 * until the player chooses to reload into it (the app-update machine); the page then reloads
 * once the new version controls it.
 */
export function registerServiceWorker(app: AppActors): void {
  if (!('serviceWorker' in navigator)) return
  const workbox = new Workbox('/sw.js', { scope: '/' })
  const actor = createActor(appUpdateMachine, actorOptions(app.runtime))
  actor.on('app.update', () => {
    workbox.addEventListener('controlling', () => window.location.reload())
    workbox.messageSkipWaiting()
  })
  actor.start()
  workbox.addEventListener('waiting', () => actor.send({ type: 'update.found' }))
  const container = document.createElement('div')
  document.body.append(container)
  createRoot(container).render(<UpdatePrompt actor={actor} />)
  // A browser that refuses it (blocked by policy, a private window) plays on without it.
  workbox.register().catch(() => undefined)
}
