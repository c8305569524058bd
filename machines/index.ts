import type { AnyMachineSnapshot, AnyStateMachine, EventFromLogic, SnapshotFrom } from 'xstate'
import { clipboardCopyMachine } from './clipboard-copy/clipboard-copy.machine'
import { loadingBarMachine } from './loading-bar/loading-bar.machine'
import { resourceMachine } from './resource/resource.machine'
import { sessionMachine } from './session/session.machine'
import { signupMachine } from './signup/signup.machine'
import { toasterMachine } from './toaster/toaster.machine'
import { uiMachine } from './ui/ui.machine'
import type { RequestFailure } from './shared/request-failure'
import type { Session } from '../contract/auth'

/**
 * Sample events for graph traversal: every event type of the machine, with payloads. A record
 * keyed by type, so forgetting a type is a compile error (a missing type would silently prune
 * the graph).
 */
export type SampleEvents<TMachine extends AnyStateMachine> = {
  [K in EventFromLogic<TMachine>['type']]: ReadonlyArray<
    Extract<EventFromLogic<TMachine>, { type: K }>
  >
}

/** What an invoked actor may answer, keyed by its invoke id: outputs and rejections. */
export type SampleOutcomes = Record<string, { done: readonly unknown[]; error: readonly unknown[] }>

export type MachineEntry<TMachine extends AnyStateMachine = AnyStateMachine> = {
  /** The machine's id, also the file name of its diagram. */
  id: string
  machine: TMachine
  /** What the machine models, in one plain sentence for reviewers. */
  purpose: string
  events: SampleEvents<TMachine>
  outcomes: SampleOutcomes
  /**
   * States past which traversal stops (they are reached, not expanded), so machines with
   * counters or many independent regions give a finite, readable graph.
   */
  isBeyondBound?: (snapshot: SnapshotFrom<TMachine>) => boolean
  /** A tighter bound for simple paths, whose number grows fast with independent regions. */
  isBeyondSimpleBound?: (snapshot: SnapshotFrom<TMachine>) => boolean
}

function defineEntry<TMachine extends AnyStateMachine>(
  entry: MachineEntry<TMachine>,
): MachineEntry {
  return entry as unknown as MachineEntry
}

/** How many parallel regions of a flat parallel machine have left their initial state. */
function countRegionsAway(snapshot: AnyMachineSnapshot): number {
  const value = snapshot.value as Record<string, unknown>
  const regions = snapshot.machine.root.states
  return Object.keys(value).filter((region) => value[region] !== regions[region]?.config.initial)
    .length
}

const agreedPlayer: Session = {
  id: 'u-1',
  name: 'Demo Tery',
  email: 'demo@tery.example',
  code: 'TERYDEMO',
  termsAgree: true,
  rankIndex: 0,
}

const newPlayer: Session = { ...agreedPlayer, id: 'u-2', code: 'NUEVO123', termsAgree: false }

const sessionEnded: RequestFailure = {
  status: 401,
  message: 'La sesión ha terminado',
  network: false,
}

const noAnswer: RequestFailure = {
  status: 400,
  message: 'Ocurrio un error al procesar la petición',
  network: true,
}

const serverError: RequestFailure = {
  status: 500,
  message: 'No pudimos completar la solicitud',
  network: false,
}

export const machines: MachineEntry[] = [
  defineEntry({
    id: 'session',
    machine: sessionMachine,
    purpose:
      'Who is playing: the session check at start, login, the terms agreement, logout and a session that expires.',
    events: {
      'session.check': [{ type: 'session.check', path: '/home' }],
      'login.submit': [
        { type: 'login.submit', email: 'demo@tery.example', password: 'tery-demo-2026' },
      ],
      'terms.agree': [{ type: 'terms.agree' }],
      'logout.request': [{ type: 'logout.request' }],
      'session.expired': [{ type: 'session.expired' }],
    },
    outcomes: {
      fetchSession: { done: [agreedPlayer, newPlayer], error: [sessionEnded] },
      logIn: {
        done: [agreedPlayer, newPlayer],
        error: [
          { status: 401, message: 'Correo o contraseña incorrectos', network: false },
          noAnswer,
        ],
      },
      agreeTerms: { done: [{ ...newPlayer, termsAgree: true }], error: [serverError] },
      logOut: { done: [undefined], error: [sessionEnded, serverError] },
    },
  }),
  defineEntry({
    id: 'ui',
    machine: uiMachine,
    purpose:
      'What the layout shows: the login form, OPCIONES, NUESTRAS REDES, the responsive menu, the confirmation modal, the bottom bar flag and the mobile flag, each independent.',
    events: {
      'loginForm.show': [{ type: 'loginForm.show', redirectPath: '/profile' }],
      'loginForm.hide': [{ type: 'loginForm.hide' }],
      'loginForm.toggle': [{ type: 'loginForm.toggle' }],
      'options.open': [{ type: 'options.open' }],
      'options.close': [{ type: 'options.close' }],
      'social.open': [{ type: 'social.open' }],
      'social.close': [{ type: 'social.close' }],
      'menu.toggle': [{ type: 'menu.toggle' }],
      'menu.close': [{ type: 'menu.close' }],
      'confirmation.open': [
        {
          type: 'confirmation.open',
          intent: 'logout',
          title: 'SALIR',
          message: '¿Quieres cerrar la sesión?',
        },
      ],
      'confirmation.accept': [{ type: 'confirmation.accept' }],
      'confirmation.cancel': [{ type: 'confirmation.cancel' }],
      'bottomBar.enable': [{ type: 'bottomBar.enable' }],
      'bottomBar.disable': [{ type: 'bottomBar.disable' }],
      'viewport.resize': [
        { type: 'viewport.resize', width: 390 },
        { type: 'viewport.resize', width: 1280 },
      ],
      'title.set': [{ type: 'title.set', title: 'Inicio' }],
    },
    outcomes: {},
    // Regions are independent: pairs of regions show every interaction there is.
    isBeyondBound: (snapshot) => countRegionsAway(snapshot) > 2,
    isBeyondSimpleBound: (snapshot) =>
      countRegionsAway(snapshot) > 1 ||
      snapshot.context.title !== '' ||
      snapshot.context.loginRedirectPath !== '/home',
  }),
  defineEntry({
    id: 'signup',
    machine: signupMachine,
    purpose:
      'The signup page: the tabs with and without a referral code, the code check (typed or pasted) and the form, sent only once the code is confirmed.',
    events: {
      'tab.select': [
        { type: 'tab.select', tab: 'withoutCode' },
        { type: 'tab.select', tab: 'withCode' },
      ],
      'code.change': [
        { type: 'code.change', value: 'terydemo' },
        { type: 'code.change', value: 'te' },
        { type: 'code.change', value: '' },
      ],
      'code.paste': [{ type: 'code.paste' }],
      'code.retry': [{ type: 'code.retry' }],
      'signup.submit': [
        {
          type: 'signup.submit',
          name: 'Ana María',
          email: 'ana@tery.example',
          phone: '3001234567',
          password: 'clave-segura-1',
        },
      ],
    },
    outcomes: {
      readClipboard: { done: ['terydemo', '', 'te'], error: [noAnswer] },
      validateCode: {
        done: [{ code: 'TERYDEMO', name: 'Demo Tery' }],
        error: [
          { status: 400, message: 'El código de referido no existe', network: false },
          noAnswer,
        ],
      },
      signUp: {
        done: [{ email: 'ana@tery.example', code: 'ANA12345' }],
        error: [
          {
            status: 409,
            message: 'El correo electrónico ya está registrado',
            network: false,
          },
        ],
      },
    },
    // The tab region is independent of the rest: once on the other tab, stop there.
    isBeyondBound: (snapshot) =>
      snapshot.matches({ tab: 'withoutCode' }) &&
      (!snapshot.matches({ code: 'empty' }) || !snapshot.matches({ form: 'idle' })),
    // Simple paths follow the code check; the form's own steps come from the other strategies.
    isBeyondSimpleBound: (snapshot) =>
      snapshot.matches({ tab: 'withoutCode' }) || !snapshot.matches({ form: 'idle' }),
  }),
  defineEntry({
    id: 'resource',
    machine: resourceMachine,
    purpose:
      'The one loader for plain GETs and paged lists (chat link, config, lists): loading, loaded, empty or failed, with retry, reload and paging.',
    events: {
      'resource.retry': [{ type: 'resource.retry' }],
      'resource.reload': [{ type: 'resource.reload' }],
      'page.go': [
        { type: 'page.go', page: 2 },
        { type: 'page.go', page: 9 },
      ],
    },
    outcomes: {
      load: {
        done: [
          {
            data: [{ id: 1 }, { id: 2 }],
            pagination: { totalPages: 2, totalDocs: 12, limt: 10, page: 1 },
          },
          { data: [], pagination: { totalPages: 0, totalDocs: 0, limt: 10, page: 1 } },
        ],
        error: [noAnswer],
      },
    },
  }),
  defineEntry({
    id: 'loading-bar',
    machine: loadingBarMachine,
    purpose:
      'The loading bar: counts the calls under way and shows only when they last longer than 200 ms.',
    events: {
      'request.start': [{ type: 'request.start' }],
      'request.end': [{ type: 'request.end' }],
    },
    outcomes: {},
    isBeyondBound: (snapshot) => snapshot.context.pending > 2,
  }),
  defineEntry({
    id: 'toaster',
    machine: toasterMachine,
    purpose: 'The toasts: short messages that leave after 6 seconds or when closed.',
    events: {
      'toast.show': [{ type: 'toast.show', message: 'La sesión ha terminado' }],
      'toast.dismiss': [
        { type: 'toast.dismiss', id: 1 },
        { type: 'toast.dismiss', id: 2 },
      ],
      'toast.expire': [
        { type: 'toast.expire', id: 1 },
        { type: 'toast.expire', id: 2 },
      ],
    },
    outcomes: {},
    isBeyondBound: (snapshot) => snapshot.context.nextId > 3,
  }),
  defineEntry({
    id: 'clipboard-copy',
    machine: clipboardCopyMachine,
    purpose: 'A copy button (the invite code): copying, then "copied" or a failure for 2 seconds.',
    events: {
      'copy.request': [{ type: 'copy.request', text: 'TERYDEMO' }],
    },
    outcomes: {
      writeClipboard: {
        done: [undefined],
        error: [{ name: 'NotAllowedError', message: 'Clipboard write was blocked' }],
      },
    },
  }),
]
