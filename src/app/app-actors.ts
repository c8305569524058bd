import { createActor } from 'xstate'
import type { ActorOptions, ActorRefFrom, AnyActorLogic, InspectionEvent } from 'xstate'
import { sessionMachine } from '../../machines/session/session.machine'
import { uiMachine } from '../../machines/ui/ui.machine'
import { toasterMachine } from '../../machines/toaster/toaster.machine'
import { loadingBarMachine } from '../../machines/loading-bar/loading-bar.machine'
import { createResourceMachine } from '../../machines/resource/resource.machine'
import type { MachineActors } from '../../machines/shared/machine-entry'
import type { GameConfig } from '../../contract/config'
import { createLiveSlot, type LiveSlot } from './live-slot'

/** GET /api/config, loaded once at start: the layout's links and the rules pages show. */
export const configMachine = createResourceMachine<GameConfig>('config')

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

export type SessionActor = ActorRefFrom<typeof sessionMachine>
export type UiActor = ActorRefFrom<typeof uiMachine>
export type ToasterActor = ActorRefFrom<typeof toasterMachine>
export type LoadingBarActor = ActorRefFrom<typeof loadingBarMachine>
export type ConfigActor = ActorRefFrom<typeof configMachine>

/** The long-lived actors every screen shares, and how pages start their own. */
export type AppActors = {
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
 * Creates the app-wide actors with the given I/O logic and connects what one machine emits to
 * what another must do. Nothing runs until `startAppActors`, so the HTTP hooks and the router
 * can be set up first. Navigation is wired by `connectRouter`.
 */
export function createAppActors(
  logic: AppActorLogic,
  effects: AppEffects,
  runtime: ActorRuntime = { overrides: {} },
): AppActors {
  const options = actorOptions(runtime)
  const session = createActor(
    sessionMachine.provide({ actors: withOverrides(runtime, sessionMachine.id, logic.session) }),
    options,
  )
  const ui = createActor(uiMachine, options)
  const toaster = createActor(toasterMachine, options)
  const loadingBar = createActor(loadingBarMachine, options)
  const config = createActor(
    configMachine.provide({ actors: withOverrides(runtime, configMachine.id, logic.config) }),
    options,
  )

  session.on('bottomBar.show', () => ui.send({ type: 'bottomBar.enable' }))
  session.on('app.reload', () => effects.reload())
  session.on('toast.show', (event) => toaster.send(event))
  ui.on('confirmation.accepted', ({ intent }) => {
    if (intent === 'logout') session.send({ type: 'logout.request' })
  })

  return { session, ui, toaster, loadingBar, config, live: createLiveSlot(), runtime }
}

/**
 * Starts the actors with the viewport flag and, unless hydrating, what the app loads at start
 * (`loadAppData`).
 */
export function startAppActors(actors: AppActors, options: AppStartOptions): void {
  actors.ui.start()
  actors.toaster.start()
  actors.loadingBar.start()
  actors.session.start()
  actors.ui.send({ type: 'viewport.resize', width: options.viewportWidth })
  if (!options.hydrating) loadAppData(actors, options.initialPath)
}

/** GET /api/config and the first session check (with the path the browser opened). */
export function loadAppData(actors: AppActors, initialPath: string): void {
  actors.config.start()
  actors.session.send({ type: 'session.check', path: initialPath })
}
