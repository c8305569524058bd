import { describe, expect, it } from 'vitest'
import { createActor, fromPromise } from 'xstate'
import type { Session } from '../../contract/auth'
import { appMachine, configMachine } from '../../machines/app/app.machine'
import { appEntry } from '../../machines/app/app.samples'
import { selectHasLoaded } from '../../machines/app/app.selectors'
import { selectData } from '../../machines/resource/resource.selectors'
import {
  selectBalances,
  selectIsAuthenticated,
  selectIsLoggingOut,
} from '../../machines/session/session.selectors'
import { sessionMachine } from '../../machines/session/session.machine'
import { sessionEntry } from '../../machines/session/session.samples'
import { selectToasts } from '../../machines/toaster/toaster.selectors'
import { selectIsBottomBarEnabled, selectIsLoginFormShown } from '../../machines/ui/ui.selectors'
import { getGameConfig } from '../../server/services/rules'
import { describeMachinePaths } from './support/describe-machine'

function samplePlayer(): Session {
  const found = sessionEntry.outcomes.fetchSession.done.find((answer) => answer !== null)
  if (!found) throw new Error('the session samples hold no player')
  return found
}
const player = samplePlayer()

/**
 * The app machine with its real children: the session's calls answer `session` (null: nobody is
 * signed in) and the configuration answers at once. What it asks of the browser is recorded.
 */
function runApp(session: Session | null = player) {
  const app = createActor(
    appMachine.provide({
      actors: {
        session: sessionMachine.provide({
          actors: {
            fetchSession: fromPromise(async (): Promise<Session | null> => session),
            logIn: fromPromise(async ({ input }) => ({ ...player, email: input.email })),
            logOut: fromPromise(async (): Promise<void> => undefined),
            agreeTerms: fromPromise(async () => player),
          },
        }),
        config: configMachine.provide({
          actors: { load: fromPromise(async () => ({ data: getGameConfig() })) },
        }),
      },
    }),
  )
  const asked: { type: string }[] = []
  app.on('*', (event) => asked.push(event))
  app.start()
  const children = () => {
    const { session, ui, toaster, config } = app.getSnapshot().children
    if (!session || !ui || !toaster || !config) throw new Error('a shared actor is missing')
    return { session, ui, toaster, config }
  }
  return { app, asked, children }
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0))

describe('app machine: the links between the shared actors', () => {
  it('loads the configuration as it starts and checks the session on app.load', async () => {
    const { app, children } = runApp()
    await settle()
    expect(selectData(children().config.getSnapshot())).not.toBeNull()
    expect(selectIsAuthenticated(children().session.getSnapshot())).toBe(false)
    app.send({ type: 'app.load', path: '/home' })
    await settle()
    expect(selectIsAuthenticated(children().session.getSnapshot())).toBe(true)
    // The session check answered: the layout may show the bottom bar.
    expect(selectIsBottomBarEnabled(children().ui.getSnapshot())).toBe(true)
  })

  it("shows a machine's toast in the toaster", () => {
    const { app, children } = runApp()
    app.send({ type: 'toast.show', message: 'Misión completada' })
    expect(selectToasts(children().toaster.getSnapshot()).map((toast) => toast.message)).toEqual([
      'Misión completada',
    ])
  })

  it('gives the session the balances a call answered, so the header shows them', async () => {
    const { app, children } = runApp()
    app.send({ type: 'app.load', path: '/home' })
    await settle()
    const balances = { terycarbons: 1, gems: 2, voltaCharge: 3, terydollars: 4 }
    app.send({ type: 'balances.changed', balances })
    expect(selectBalances(children().session.getSnapshot())).toEqual(balances)
  })

  it('closes the login form and asks the router for the way back after a login', async () => {
    const { app, asked, children } = runApp(null)
    app.send({ type: 'app.load', path: '/' })
    await settle()
    children().ui.send({ type: 'loginForm.show', redirectPath: '/missions' })
    children().session.send({ type: 'login.submit', email: 'ana@tery.example', password: 'x' })
    await settle()
    expect(selectIsLoginFormShown(children().ui.getSnapshot())).toBe(false)
    expect(asked).toContainEqual({ type: 'navigate.afterLogin' })
  })

  it('logs out when the player confirms SALIR, then reloads the app', async () => {
    const { app, asked, children } = runApp()
    app.send({ type: 'app.load', path: '/home' })
    await settle()
    children().ui.send({
      type: 'confirmation.open',
      intent: 'logout',
      title: 'SALIR',
      message: '¿Quieres cerrar la sesión?',
    })
    children().ui.send({ type: 'confirmation.accept' })
    expect(selectIsLoggingOut(children().session.getSnapshot())).toBe(true)
    await settle()
    expect(asked).toContainEqual({ type: 'app.reload' })
  })

  it('runs the guards again when a signed-in session expires, and only then', async () => {
    const visitor = runApp(null)
    visitor.app.send({ type: 'app.load', path: '/' })
    await settle()
    visitor.children().session.send({ type: 'session.expired' })
    expect(visitor.asked).not.toContainEqual({ type: 'guards.run' })

    const { app, asked, children } = runApp()
    app.send({ type: 'app.load', path: '/home' })
    await settle()
    children().session.send({ type: 'session.expired' })
    expect(asked).toContainEqual({ type: 'guards.run' })
    expect(selectToasts(children().toaster.getSnapshot()).map((toast) => toast.message)).toEqual([
      'La sesión ha terminado',
    ])
  })

  it("passes a machine's navigation to the router", () => {
    const { app, asked } = runApp()
    app.send({ type: 'navigate', to: '/music', replace: true })
    expect(asked).toContainEqual({ type: 'navigate', to: '/music', replace: true })
  })
})

describeMachinePaths(
  appEntry,
  { loaded: selectHasLoaded },
  {
    starting: { loaded: false },
    running: { loaded: true },
  },
)
