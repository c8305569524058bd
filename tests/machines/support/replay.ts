import { SimulatedClock, createActor, fromPromise } from 'xstate'
import type {
  AnyActorRef,
  AnyEventObject,
  AnyMachineSnapshot,
  AnyStateMachine,
  EventFromLogic,
  InputFrom,
  InspectionEvent,
  SnapshotFrom,
  StateValue,
} from 'xstate'
import {
  actorIdOf,
  delayMs,
  delayNameOf,
  isActorDone,
  isActorError,
  isDelay,
  transitionKeysFromMicrostep,
} from '../../../scripts/lib/machine-graph'
import type { MachinePath, PathStep } from '../../../scripts/lib/machine-graph'

type Deferred = { resolve: (output: unknown) => void; reject: (error: unknown) => void }

/** What views show: one-argument selectors of the machine, by name. */
export type ShownSelectors = Readonly<Record<string, (snapshot: never) => unknown>>

export type HarnessOptions<TMachine extends AnyStateMachine> = {
  /** The machine's input (a machine registry entry carries its sample input). */
  input?: InputFrom<TMachine>
  /** What `observe()` reports the player sees (an entry carries its machine's selectors). */
  selectors?: ShownSelectors
}

/**
 * What a step changed, as a player, the app and the server see it: the state the machine is
 * in, the events it emitted toward the app, the calls it started with their input, the events
 * it sent the actors it runs, and what its selectors answer that they did not answer before.
 * Empty parts are left out; values are as JSON keeps them, so an observation compares equal to
 * its recorded copy.
 */
export type Observation = {
  state: StateValue
  emitted?: Array<{ type: string; [key: string]: unknown }>
  /** Actor id to the input it received (`null` when it takes none). */
  invoked?: Record<string, unknown>
  /**
   * Actor id to the events the machine sent it, in order: how the app machine asks its children
   * (a toast, the balances, the session check), which no emitted event shows.
   */
  sent?: Record<string, AnyEventObject[]>
  shows?: Record<string, unknown>
}

/** An event sent to check that the machine ignores it, and what it did instead. */
export type NotIgnored = { event: AnyEventObject; observed: Observation }

/** A file the machine hands on (a receipt's image) as JSON can tell it: its type and size. */
function describeBlob(_key: string, value: unknown): unknown {
  return value instanceof Blob ? { blob: value.type, size: value.size } : value
}

/** A value as a golden record keeps it: JSON, with files described. */
export function asRecorded<T>(value: T): T {
  return value === undefined ? value : (JSON.parse(JSON.stringify(value, describeBlob)) as T)
}

/**
 * A machine running with fake actors and a simulated clock. Each invoked actor waits until the
 * test answers it (`resolve`) or fails it (`reject`), so a path decides every outcome.
 */
export class MachineHarness<TMachine extends AnyStateMachine> {
  readonly clock = new SimulatedClock()
  readonly actor: AnyActorRef
  /** Keys of the transitions the running machine took, read from inspection. */
  readonly takenTransitions = new Set<string>()
  /** The input each invoked actor got, by invoke id (the latest call). */
  readonly inputs = new Map<string, unknown>()
  /** Everything the machine emitted toward the app, in order. */
  readonly emitted: Array<{ type: string; [key: string]: unknown }> = []
  private readonly pending = new Map<string, Deferred>()
  private readonly selectors: ShownSelectors
  /** What `observe()` has reported so far: the emitted events and calls it already named. */
  private emittedSeen = 0
  private invokedSince: Array<[string, unknown]> = []
  private sentSince: Array<[string, AnyEventObject]> = []
  private shown: Record<string, string> | null = null

  constructor(machine: TMachine, options: HarnessOptions<TMachine> = {}) {
    this.selectors = options.selectors ?? {}
    const fakes: Record<string, ReturnType<typeof fromPromise>> = {}
    for (const name of Object.keys(machine.implementations.actors)) {
      fakes[name] = fromPromise<unknown, unknown>(({ input, self }) => {
        this.inputs.set(self.id, input)
        this.invokedSince.push([self.id, input ?? null])
        return new Promise((resolve, reject) => this.pending.set(self.id, { resolve, reject }))
      })
    }
    this.actor = createActor(machine.provide({ actors: fakes }), {
      clock: this.clock,
      ...(options.input === undefined ? {} : { input: options.input }),
      inspect: (event: InspectionEvent) => {
        if (event.type === '@xstate.microstep') {
          for (const key of transitionKeysFromMicrostep(event._transitions)) {
            this.takenTransitions.add(key)
          }
        }
        // An event the machine itself sends to one of its actors (`sendTo`); the fakes drop it.
        // Starting an actor is sent too (`xstate.init`): `invoked` says that already.
        if (
          event.type === '@xstate.event' &&
          event.sourceRef === this.actor &&
          event.event.type !== 'xstate.init'
        ) {
          const children = (this.actor.getSnapshot() as AnyMachineSnapshot).children
          const id = Object.keys(children).find((key) => children[key] === event.actorRef)
          if (id !== undefined) this.sentSince.push([id, event.event])
        }
      },
    })
    this.actor.on('*', (event: { type: string }) => this.emitted.push(event))
    this.actor.start()
  }

  send(event: EventFromLogic<TMachine>): void {
    this.actor.send(event)
  }

  get snapshot(): SnapshotFrom<TMachine> {
    return this.actor.getSnapshot() as SnapshotFrom<TMachine>
  }

  /** True while the invoked actor with this id waits for an answer. */
  isWaiting(id: string): boolean {
    return this.pending.has(id)
  }

  async resolve(id: string, output: unknown): Promise<void> {
    this.take(id).resolve(output)
    await settle()
  }

  async reject(id: string, error: unknown): Promise<void> {
    this.take(id).reject(error)
    await settle()
  }

  /** Advances the simulated clock; timers due by then fire in order. */
  advance(ms: number): void {
    this.clock.increment(ms)
  }

  /** What changed since the last observation (the first reports everything the views show). */
  observe(): Observation {
    const snapshot = this.actor.getSnapshot() as AnyMachineSnapshot
    const observation: Observation = { state: asRecorded(snapshot.value) }
    const emitted = this.emitted.slice(this.emittedSeen)
    this.emittedSeen = this.emitted.length
    if (emitted.length > 0) observation.emitted = asRecorded(emitted)
    if (this.invokedSince.length > 0) {
      observation.invoked = asRecorded(Object.fromEntries(this.invokedSince))
      this.invokedSince = []
    }
    if (this.sentSince.length > 0) {
      const sent: Record<string, AnyEventObject[]> = {}
      for (const [id, event] of this.sentSince) sent[id] = [...(sent[id] ?? []), event]
      observation.sent = asRecorded(sent)
      this.sentSince = []
    }
    const shows: Record<string, unknown> = {}
    const now: Record<string, string> = {}
    for (const [name, select] of Object.entries(this.selectors)) {
      const value = asRecorded((select as (snapshot: AnyMachineSnapshot) => unknown)(snapshot))
      now[name] = JSON.stringify(value) ?? 'undefined'
      if (this.shown?.[name] !== now[name]) shows[name] = value ?? null
    }
    this.shown = now
    if (Object.keys(shows).length > 0) observation.shows = shows
    return observation
  }

  /**
   * Sends each event, which the machine must ignore where it is: the ones that changed its
   * state or context, emitted something or started a call, with what they did (none is the
   * answer a test expects). Call it right after `observe()`.
   */
  ignoring(events: readonly AnyEventObject[]): NotIgnored[] {
    const wrong: NotIgnored[] = []
    for (const event of events) {
      const before = this.actor.getSnapshot() as AnyMachineSnapshot
      const value = JSON.stringify(before.value)
      const context = JSON.stringify(before.context, describeBlob)
      const emitted = this.emitted.length
      this.actor.send(event)
      const after = this.actor.getSnapshot() as AnyMachineSnapshot
      const changed =
        JSON.stringify(after.value) !== value ||
        JSON.stringify(after.context, describeBlob) !== context ||
        this.emitted.length !== emitted ||
        this.invokedSince.length > 0 ||
        this.sentSince.length > 0
      const observed = this.observe()
      if (changed) wrong.push({ event, observed })
    }
    return wrong
  }

  private take(id: string): Deferred {
    const deferred = this.pending.get(id)
    if (!deferred) throw new Error(`the actor "${id}" is not waiting for an answer`)
    this.pending.delete(id)
    return deferred
  }
}

/** Lets promise callbacks (an actor's answer reaching the machine) run. */
function settle(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0))
}

/** Causes a path step the way the real world would: send it, answer an actor, or let time pass. */
export async function performStep(
  harness: MachineHarness<AnyStateMachine>,
  machine: AnyStateMachine,
  step: PathStep,
): Promise<void> {
  const { event } = step
  if (isActorDone(event.type)) {
    await harness.resolve(actorIdOf(event.type), (event as { output?: unknown }).output)
  } else if (isActorError(event.type)) {
    await harness.reject(actorIdOf(event.type), (event as { error?: unknown }).error)
  } else if (isDelay(event.type)) {
    const ms = delayMs(machine, delayNameOf(event.type), harness.snapshot.context)
    if (ms === null) throw new Error(`the delay of ${event.type} is not a number`)
    harness.advance(ms)
  } else {
    harness.actor.send(event)
  }
}

export type { MachinePath }
