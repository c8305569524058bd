import { createActor } from 'xstate'
import type { ActorRefFrom, PromiseActorLogic } from 'xstate'
import { sessionMachine } from '../../machines/session/session.machine'
import { uiMachine } from '../../machines/ui/ui.machine'
import { toasterMachine } from '../../machines/toaster/toaster.machine'
import { loadingBarMachine } from '../../machines/loading-bar/loading-bar.machine'
import { createResourceMachine } from '../../machines/resource/resource.machine'
import type { ResourceResult } from '../../machines/resource/resource.machine'
import type { ChatLink, GameConfig } from '../../contract/config'
import type { LoginBody, ParentCode, Session, SignupBody, SignupResult } from '../../contract/auth'

/** The I/O logic of every machine actor, grouped by machine. Real in actors.ts, fake in tests. */
export type AppActorLogic = {
  session: {
    fetchSession: PromiseActorLogic<Session, { path?: string }>
    logIn: PromiseActorLogic<Session, LoginBody>
    logOut: PromiseActorLogic<void>
    agreeTerms: PromiseActorLogic<Session>
  }
  signup: {
    validateCode: PromiseActorLogic<ParentCode, { code: string }>
    signUp: PromiseActorLogic<SignupResult, SignupBody>
    readClipboard: PromiseActorLogic<string>
  }
  clipboardCopy: {
    writeClipboard: PromiseActorLogic<void, { text: string }>
  }
  /** GET /api/config (GameConfig) through the reusable resource machine. */
  config: { load: PromiseActorLogic<ResourceResult<GameConfig>, { page: number }> }
  /** GET /api/chat (ChatLink) through the reusable resource machine, for /support. */
  chat: { load: PromiseActorLogic<ResourceResult<ChatLink>, { page: number }> }
}

/** What the app does outside its actors: the browser's side of emitted events. */
export type AppEffects = {
  /** 'app.reload' after logout: a full load of '/' so no state of the old session survives. */
  reload: () => void
}

export type SessionActor = ActorRefFrom<typeof sessionMachine>
export type UiActor = ActorRefFrom<typeof uiMachine>
export type ToasterActor = ActorRefFrom<typeof toasterMachine>
export type LoadingBarActor = ActorRefFrom<typeof loadingBarMachine>
/** GET /api/config, loaded once at start: the layout's links and the rules pages show. */
const configMachine = createResourceMachine<GameConfig>()
export type ConfigActor = ActorRefFrom<typeof configMachine>

/** The long-lived actors every screen shares, and the logic pages use for their own actors. */
export type AppActors = {
  session: SessionActor
  ui: UiActor
  toaster: ToasterActor
  loadingBar: LoadingBarActor
  config: ConfigActor
  logic: AppActorLogic
}

export type AppStartOptions = {
  /** The path the browser opened, sent with the first session check. */
  initialPath: string
  /** The viewport width at start, for the mobile flag. */
  viewportWidth: number
}

/**
 * Creates the app-wide actors with the given I/O logic and connects what one machine emits to
 * what another must do. Nothing runs until `startAppActors`, so the HTTP hooks and the router
 * can be set up first. Navigation is wired by `connectRouter`.
 */
export function createAppActors(logic: AppActorLogic, effects: AppEffects): AppActors {
  const session = createActor(sessionMachine.provide({ actors: logic.session }))
  const ui = createActor(uiMachine)
  const toaster = createActor(toasterMachine)
  const loadingBar = createActor(loadingBarMachine)
  const config = createActor(configMachine.provide({ actors: { load: logic.config.load } }))

  session.on('bottomBar.show', () => ui.send({ type: 'bottomBar.enable' }))
  session.on('app.reload', () => effects.reload())
  session.on('toast.show', ({ message, placement }) =>
    toaster.send({ type: 'toast.show', message, placement }),
  )
  ui.on('confirmation.accepted', ({ intent }) => {
    if (intent === 'logout') session.send({ type: 'logout.request' })
  })

  return { session, ui, toaster, loadingBar, config, logic }
}

/** Starts the actors: the viewport flag, GET /api/config and the first session check. */
export function startAppActors(actors: AppActors, options: AppStartOptions): void {
  actors.ui.start()
  actors.toaster.start()
  actors.loadingBar.start()
  actors.ui.send({ type: 'viewport.resize', width: options.viewportWidth })
  actors.config.start()
  actors.session.start()
  actors.session.send({ type: 'session.check', path: options.initialPath })
}
