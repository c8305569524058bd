import { SimulatedClock, createActor, fromPromise } from 'xstate'
import type {
  AnyActorRef,
  AnyMachineSnapshot,
  AnyStateMachine,
  EventFromLogic,
  InspectionEvent,
  SnapshotFrom,
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

  constructor(machine: TMachine) {
    const fakes: Record<string, ReturnType<typeof fromPromise>> = {}
    for (const name of Object.keys(machine.implementations.actors)) {
      fakes[name] = fromPromise<unknown, unknown>(({ input, self }) => {
        this.inputs.set(self.id, input)
        return new Promise((resolve, reject) => this.pending.set(self.id, { resolve, reject }))
      })
    }
    this.actor = createActor(machine.provide({ actors: fakes }), {
      clock: this.clock,
      inspect: (event: InspectionEvent) => {
        if (event.type === '@xstate.microstep') {
          for (const key of transitionKeysFromMicrostep(event._transitions)) {
            this.takenTransitions.add(key)
          }
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

/** What a path asserts after each step: the state value and the context. */
export function observable(snapshot: AnyMachineSnapshot): { value: unknown; context: unknown } {
  return { value: snapshot.value, context: snapshot.context }
}

export type { MachinePath }
