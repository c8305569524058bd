import { createActor } from 'xstate'
import type { ActorOptions, ActorRefFrom, AnyActorLogic, InspectionEvent } from 'xstate'
import { appMachine, configMachine } from '../../machines/app/app.machine'
import { sessionMachine } from '../../machines/session/session.machine'
import type { uiMachine } from '../../machines/ui/ui.machine'
import type { toasterMachine } from '../../machines/toaster/toaster.machine'
import type { loadingBarMachine } from '../../machines/loading-bar/loading-bar.machine'
import type { MachineActors } from '../../machines/shared/machine-entry'
import { createLiveSlot, type LiveSlot } from './live-slot'

/** The I/O logic of the app-wide machines: real in actors.ts, fakes in tests. */
export type AppActorLogic = {
  session: MachineActors<typeof sessionMachine>
  config: MachineActors<typeof configMachine>
}

/** What the app does outside its actors: the browser's side of emitted events. */
export type AppEffects = {
  /** 'app.reload' after logout: a full load of '/' so no state of the old session survives. */
  reload: () => void
}

/**
 * Actor logic that replaces a machine's own, by machine id: how tests give any machine (app-wide
 * or a page's) its fakes without module mocks. Empty in the app.
 */
export type ActorOverrides = Readonly<Record<string, Readonly<Record<string, AnyActorLogic>>>>

/** How every actor of the app runs: tests pass a simulated clock and an inspector. */
export type ActorRuntime = {
  clock?: ActorOptions<AnyActorLogic>['clock']
  inspect?: (event: InspectionEvent) => void
  overrides: ActorOverrides
}

export type AppActor = ActorRefFrom<typeof appMachine>
export type SessionActor = ActorRefFrom<typeof sessionMachine>
export type UiActor = ActorRefFrom<typeof uiMachine>
export type ToasterActor = ActorRefFrom<typeof toasterMachine>
export type LoadingBarActor = ActorRefFrom<typeof loadingBarMachine>
export type ConfigActor = ActorRefFrom<typeof configMachine>

/**
 * The app's root actor (the `app` machine: the links between the shared actors) and, for the
 * views to read and send to, the shared actors it runs; and how pages start their own.
 */
export type AppActors = {
  app: AppActor
  session: SessionActor
  ui: UiActor
  toaster: ToasterActor
  loadingBar: LoadingBarActor
  config: ConfigActor
  /** The live stream's actor, once a player is signed in. */
  live: LiveSlot
  runtime: ActorRuntime
}

export type AppStartOptions = {
  /** The path the browser opened, sent with the first session check. */
  initialPath: string
  /** The viewport width at start, for the mobile flag. */
  viewportWidth: number
  /**
   * Hydrating a prerendered page: its HTML was rendered before anything was loaded, and the first
   * render must match it, so nothing that changes what the page shows (the session check, the
   * configuration, the loading bar they drive) starts until `loadAppData` after hydration.
   */
  hydrating?: boolean
}

/**
 * The runtime's options for createActor: only those set, since an explicit `clock: undefined`
 * would replace xstate's own clock.
 */
export function actorOptions(runtime: ActorRuntime): {
  clock?: ActorRuntime['clock']
  inspect?: ActorRuntime['inspect']
} {
  return {
    ...(runtime.clock ? { clock: runtime.clock } : {}),
    ...(runtime.inspect ? { inspect: runtime.inspect } : {}),
  }
}

/** A machine's actor logic with the runtime's overrides for that machine on top. */
export function withOverrides<TActors extends Record<string, AnyActorLogic>>(
  runtime: ActorRuntime,
  machineId: string,
  actors: TActors,
): TActors {
  const overrides = runtime.overrides[machineId]
  return overrides ? ({ ...actors, ...overrides } as TActors) : actors
}

/**
 * Creates the app's root actor with the given I/O logic. Its children, the shared actors, exist at
 * once (views and the router read them) and run from `startAppActors`, so the HTTP hooks and the
 * router can be set up first. What the root asks of the browser is carried out here (reload) and
 * by `connectRouter` (navigation).
 */
export function createAppActors(
  logic: AppActorLogic,
  effects: AppEffects,
  runtime: ActorRuntime = { overrides: {} },
): AppActors {
  const app = createActor(
    appMachine.provide({
      actors: {
        session: sessionMachine.provide({
          actors: withOverrides(runtime, sessionMachine.id, logic.session),
        }),
        config: configMachine.provide({
          actors: withOverrides(runtime, configMachine.id, logic.config),
        }),
      },
    }),
    actorOptions(runtime),
  )
  app.on('app.reload', () => effects.reload())
  const { session, ui, toaster, loadingBar, config } = app.getSnapshot().children
  if (!session || !ui || !toaster || !loadingBar || !config) {
    throw new Error('The app machine did not create its shared actors')
  }
  return { app, session, ui, toaster, loadingBar, config, live: createLiveSlot(), runtime }
}

/**
 * Gives the layout the viewport flag and, unless hydrating, starts the app (`loadAppData`).
 * While a prerendered page hydrates the shared actors wait: what they load (the session, the
 * configuration) and what that drives (the loading bar, toasts) would change what it shows, and
 * events sent to them meanwhile are handled once they start.
 */
export function startAppActors(actors: AppActors, options: AppStartOptions): void {
  actors.ui.send({ type: 'viewport.resize', width: options.viewportWidth })
  if (!options.hydrating) loadAppData(actors, options.initialPath)
}

/** Starts the app: GET /api/config and the first session check (with the path the browser opened). */
export function loadAppData(actors: AppActors, initialPath: string): void {
  actors.app.start()
  actors.app.send({ type: 'app.load', path: initialPath })
}
