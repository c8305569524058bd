import { waitFor } from '@testing-library/react'
import { afterAll, describe, expect, it } from 'vitest'
import { SimulatedClock, createActor, fromPromise, transition } from 'xstate'
import type {
  AnyActorRef,
  AnyEventObject,
  AnyMachineSnapshot,
  AnyStateMachine,
  EventFromLogic,
  InspectionEvent,
  SnapshotFrom,
  StateValue,
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
import { actionLabel } from '../../machines/support/golden'
import type { GoldenAction, GoldenPath, GoldenRecord } from '../../machines/support/golden'
import { asRecorded } from '../../machines/support/replay'
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
 * One step of a path as the view replays it: the event (a player's or the app's, an actor's
 * answer or failure, a timer), the state the machine must then be in, and, from a golden record,
 * the calls the step must start with their input and how long a timer took.
 */
type ViewStep = {
  label: string
  event: AnyEventObject
  state: StateValue
  ms?: number
  invoked?: Record<string, unknown>
}

type ViewPath = { name: string; steps: ViewStep[] }

type Outcomes = Record<string, { done: readonly unknown[]; error: readonly unknown[] }>

/** The event a golden action stands for, with the machine's samples. */
function goldenEvent(entry: MachineEntry, action: GoldenAction): AnyEventObject {
  const events = entry.events as Record<string, readonly AnyEventObject[]>
  const outcomes = entry.outcomes as Outcomes
  const pick = <T,>(samples: readonly T[] | undefined, index = 0): T => {
    if (!samples || index >= samples.length) {
      throw new Error(`${entry.id}: no sample for ${actionLabel(action)}`)
    }
    return samples[index] as T
  }
  if ('send' in action) return pick(events[action.send], action.sample)
  if ('answer' in action) {
    return {
      type: `xstate.done.actor.${action.answer}`,
      output: pick(outcomes[action.answer]?.done, action.sample),
    }
  }
  if ('fail' in action) {
    return {
      type: `xstate.error.actor.${action.fail}`,
      error: pick(outcomes[action.fail]?.error, action.sample),
    }
  }
  return { type: `xstate.after.${action.wait}` }
}

/** The golden records, bundled: a jsdom test has no file URL to read them from. */
const goldenRecords = import.meta.glob<GoldenRecord>('../../machines/golden/*.json', {
  eager: true,
  import: 'default',
})

/** The golden record's cover paths, as the view replays them. */
function goldenViewPaths(entry: MachineEntry): ViewPath[] {
  const golden = goldenRecords[`../../machines/golden/${entry.id}.json`]
  if (!golden)
    throw new Error(`${entry.id} has no golden record: npm run paths -- ${entry.id} --update`)
  const cover = golden.paths.filter((path) => path.name.startsWith('cover path '))
  return cover.map((path: GoldenPath) => ({
    name: path.name,
    steps: path.steps.map((step) => {
      const action = step.do
      return {
        label: actionLabel(action),
        event: action ? goldenEvent(entry, action) : { type: 'xstate.init' },
        state: step.expect.state,
        ...(action && 'wait' in action ? { ms: action.ms } : {}),
        ...(step.expect.invoked ? { invoked: step.expect.invoked } : {}),
      }
    }),
  }))
}

/**
 * Model-based view tests: the `cover` paths of the machine's golden record (together they take
 * every transition) replayed on the rendered view, so what each step must show comes from the
 * reviewed record, not from the machine under test: a changed machine fails them. Each event is
 * caused by the user action `actions` maps it to, each actor answer by resolving the machine's
 * fake with the recorded sample, each timer by the simulated clock moving the recorded time;
 * after every step the machine must be in the recorded state, each active leaf must look as
 * `see` says, and the calls the step started must have received the recorded input. A view the
 * app first brings somewhere else (`start`) replays the cover paths computed from there instead,
 * with the states they reach: the golden record's paths start at the machine's initial state.
 * A new view's model test is its two maps.
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
  const paths: ViewPath[] = options.start
    ? coverPaths(erased, from, { byLook: false }).map((path, index) => ({
        name: `cover path ${index + 1} ${pathSentence(erased, path)}`,
        steps: path.steps.map((step) => ({
          label: step.event.type,
          event: step.event,
          state: step.state.value,
        })),
      }))
    : goldenViewPaths(erased)
  const causedByView = new Set<string>()
  let replayed = 0
  let sentDirectly = 0

  describe(`${options.view}, driven by the ${entry.id} machine's cover paths`, () => {
    paths.forEach((path) => {
      // A cover path is a long walk through the real view: it gets more time than a unit test.
      it(path.name, { timeout: 60_000 }, async () => {
        const pending = new Map<string, Deferred>()
        const received = new Map<string, unknown>()
        const fakes: Record<string, ReturnType<typeof fromPromise>> = {}
        for (const name of Object.keys(entry.machine.implementations.actors)) {
          fakes[name] = fromPromise<unknown, unknown>(({ self, input }) => {
            // As the golden record keeps it: a call that takes no input received null.
            received.set(self.id, input ?? null)
            return new Promise((resolve, reject) => pending.set(self.id, { resolve, reject }))
          })
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
        const looksRight = async (expected: ViewStep) => {
          await waitFor(() =>
            expect(snapshot().value, `the state after ${expected.label}`).toEqual(expected.state),
          )
          for (const [id, input] of Object.entries(expected.invoked ?? {})) {
            await waitFor(() => expect(received.has(id), `${id} was invoked`).toBe(true))
            expect(asRecorded(received.get(id)), `the input ${id} received`).toEqual(input)
            received.delete(id)
          }
          for (const leaf of activeLeaves(snapshot())) {
            const view = (options.see as Record<string, (app: Rendered) => void>)[leaf]
            if (!view) throw new Error(`no view expectation for ${leaf}`)
            await waitFor(() => view(app))
          }
        }

        await waitFor(() => actor())
        const [first, ...rest] = path.steps
        if (first && JSON.stringify(snapshot().value) === JSON.stringify(first.state)) {
          await looksRight(first)
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
            const ms =
              step.ms ?? delayMs(entry.machine, delayNameOf(event.type), snapshot().context)
            if (ms === null) throw new Error(`the delay of ${event.type} is not a number`)
            clock.increment(ms)
          } else {
            const action = (options.actions as Record<string, Action<TMachine, unknown>>)[
              event.type
            ]
            const alreadyThere = JSON.stringify(snapshot().value) === JSON.stringify(step.state)
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
          await looksRight(step)
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
