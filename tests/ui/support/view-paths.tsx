import { waitFor } from '@testing-library/react'
import { afterAll, describe, expect, it } from 'vitest'
import { SimulatedClock, createActor, fromPromise, transition } from 'xstate'
import type {
  AnyActorRef,
  AnyMachineSnapshot,
  AnyStateMachine,
  EventFromLogic,
  InspectionEvent,
  SnapshotFrom,
} from 'xstate'
import type { MachineEntry, MachineLeafState } from '../../../machines/shared/machine-entry'
import type { ActorOverrides, ActorRuntime } from '../../../src/app/app-actors'
import {
  activeLeaves,
  actorIdOf,
  coverPaths,
  delayMs,
  delayNameOf,
  isActorDone,
  isActorError,
  isDelay,
  pathSentence,
} from '../../../scripts/lib/machine-graph'
import type { renderApp } from '../render-app'

type Rendered = ReturnType<typeof renderApp>

/** What a view test renders with: the fakes of the machine under test, the clock, the inspector. */
export type ViewRuntime = {
  actors: readonly ActorOverrides[]
  clock: NonNullable<ActorRuntime['clock']>
  inspect: NonNullable<ActorRuntime['inspect']>
}

export type StepContext<TMachine extends AnyStateMachine, TEvent> = {
  app: Rendered
  user: Rendered['user']
  event: TEvent
  /** The machine's state before the step: an action may depend on where the player is. */
  snapshot: SnapshotFrom<TMachine>
}

/**
 * The app itself causes this event (a call answering, the window resizing, the start): the replay
 * sends it to the machine, unless the app already brought the machine to the step's state.
 */
export const byApp = Symbol('caused by the app')

/**
 * An action returns this when the view offers the player no way to cause the event from where
 * they are (a machine may accept more than a screen offers): the replay then sends the event and
 * counts the step. Every event type must still be caused through the view in some path.
 */
export const notFromView = Symbol('not reachable from the view here')

/**
 * Another screen has the control for this event (the login form is on '/'): the replay sends it
 * to the machine, and the state it leads to must still look right here.
 */
export const elsewhere = Symbol('caused on another screen')

type Action<TMachine extends AnyStateMachine, TEvent> =
  | typeof byApp
  | typeof elsewhere
  /** Resolves with `notFromView`, or with nothing once the player has acted. */
  | ((context: StepContext<TMachine, TEvent>) => Promise<unknown>)

/** For each event type, the user action that causes it: an unmapped event does not compile. */
export type EventActions<TMachine extends AnyStateMachine> = {
  [K in EventFromLogic<TMachine>['type']]: Action<
    TMachine,
    Extract<EventFromLogic<TMachine>, { type: K }>
  >
}

/** For each leaf state, what the player must see (assertions, retried until they pass). */
export type StateViews<TMachine extends AnyStateMachine> = {
  [P in MachineLeafState<TMachine>]: (app: Rendered) => void
}

export type ViewPathsOptions<TMachine extends AnyStateMachine> = {
  /** The view's name in test titles and the report, e.g. 'the signup page'. */
  view: string
  /** Renders the app on the view, with the runtime the replay controls. */
  render: (runtime: ViewRuntime) => Rendered
  /** The machine's actor, when it is one of the app's (session, ui); a page's is found alone. */
  actor?: (app: Rendered) => AnyActorRef
  /**
   * Events the app sends by itself before the player can act (the session answering at start):
   * the paths start from the state they lead to, as the view does.
   */
  start?: readonly EventFromLogic<TMachine>[]
  /** Waits until the view is on screen. */
  ready?: (app: Rendered) => Promise<unknown>
  actions: EventActions<TMachine>
  see: StateViews<TMachine>
}

type Deferred = { resolve: (value: unknown) => void; reject: (error: unknown) => void }

const report: string[] = []
afterAll(() => {
  if (report.length > 0) console.info(report.splice(0).join('\n'))
})

/**
 * Model-based view tests: every `cover` path of the machine (together they take every transition)
 * replayed on the rendered view. Each event is caused by the user action `actions` maps it to,
 * each actor answer by resolving the machine's fake, each delay by the simulated clock; after
 * every step the machine must be in the path's state and each active leaf must look as `see`
 * says. A new view's model test is its two maps.
 */
export function describeViewPaths<TMachine extends AnyStateMachine>(
  entry: MachineEntry<TMachine>,
  options: ViewPathsOptions<NoInfer<TMachine>>,
): void {
  const erased = entry as unknown as MachineEntry
  let from = createActor(entry.machine).getSnapshot() as AnyMachineSnapshot
  for (const event of options.start ?? []) {
    from = transition(entry.machine, from as SnapshotFrom<TMachine>, event)[0] as AnyMachineSnapshot
  }
  const paths = coverPaths(erased, options.start ? from : undefined, { byLook: false })
  const causedByView = new Set<string>()
  let replayed = 0
  let sentDirectly = 0

  describe(`${options.view}, driven by the ${entry.id} machine's cover paths`, () => {
    paths.forEach((path, index) => {
      // A cover path is a long walk through the real view: it gets more time than a unit test.
      it(`cover path ${index + 1} ${pathSentence(erased, path)}`, { timeout: 60_000 }, async () => {
        const pending = new Map<string, Deferred>()
        const fakes: Record<string, ReturnType<typeof fromPromise>> = {}
        for (const name of Object.keys(entry.machine.implementations.actors)) {
          fakes[name] = fromPromise<unknown, unknown>(
            ({ self }) =>
              new Promise((resolve, reject) => pending.set(self.id, { resolve, reject })),
          )
        }
        let found: AnyActorRef | undefined
        const inspect = (event: InspectionEvent) => {
          const logic = (event.actorRef as { logic?: { id?: string } }).logic
          if (event.type === '@xstate.actor' && logic?.id === entry.machine.id && !found) {
            found = event.actorRef as AnyActorRef
          }
        }
        const clock = new SimulatedClock()
        const app = options.render({ actors: [{ [entry.machine.id]: fakes }], clock, inspect })
        await options.ready?.(app)
        const actor = () => {
          const ref = options.actor?.(app) ?? found
          if (!ref) throw new Error(`no ${entry.id} actor is running on ${options.view}`)
          return ref
        }
        const snapshot = () => actor().getSnapshot() as AnyMachineSnapshot
        const looksRight = async (expected: AnyMachineSnapshot) => {
          await waitFor(() => expect(snapshot().value).toEqual(expected.value))
          for (const leaf of activeLeaves(snapshot())) {
            const view = (options.see as Record<string, (app: Rendered) => void>)[leaf]
            if (!view) throw new Error(`no view expectation for ${leaf}`)
            await waitFor(() => view(app))
          }
        }

        await waitFor(() => actor())
        const [first, ...rest] = path.steps
        if (first && JSON.stringify(snapshot().value) === JSON.stringify(first.state.value)) {
          await looksRight(first.state)
        }
        for (const step of rest) {
          const { event } = step
          if (isActorDone(event.type) || isActorError(event.type)) {
            const id = actorIdOf(event.type)
            await waitFor(() => expect(pending.has(id), `${id} was invoked`).toBe(true))
            const deferred = pending.get(id) as Deferred
            pending.delete(id)
            if (isActorDone(event.type)) deferred.resolve((event as { output?: unknown }).output)
            else deferred.reject((event as { error?: unknown }).error)
          } else if (isDelay(event.type)) {
            const ms = delayMs(entry.machine, delayNameOf(event.type), snapshot().context)
            if (ms === null) throw new Error(`the delay of ${event.type} is not a number`)
            clock.increment(ms)
          } else {
            const action = (options.actions as Record<string, Action<TMachine, unknown>>)[
              event.type
            ]
            const alreadyThere =
              JSON.stringify(snapshot().value) === JSON.stringify(step.state.value)
            if (action === byApp) {
              if (!alreadyThere) actor().send(event)
            } else if (action === elsewhere) {
              actor().send(event)
            } else if (action) {
              const outcome = await action({
                app,
                user: app.user,
                event,
                snapshot: snapshot() as SnapshotFrom<TMachine>,
              })
              if (outcome === notFromView) {
                actor().send(event)
                sentDirectly += 1
              } else {
                causedByView.add(event.type)
              }
            }
          }
          await looksRight(step.state)
        }
        replayed += 1
      })
    })

    it('causes every event a player can cause through the view', () => {
      const userEvents = Object.entries(options.actions)
        .filter(([, action]) => typeof action === 'function')
        .map(([type]) => type)
      const taken = new Set(paths.flatMap((path) => path.steps.map((step) => step.event.type)))
      expect(userEvents.filter((type) => taken.has(type) && !causedByView.has(type))).toEqual([])
      report.push(
        `${options.view} (${entry.id}): ${replayed}/${paths.length} cover paths replayed on the view` +
          (sentDirectly > 0
            ? `, ${sentDirectly} steps with no control on screen sent directly`
            : ''),
      )
    })
  })
}
