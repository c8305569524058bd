import type { AnyStateMachine, EventFromLogic, InputFrom, OutputFrom, SnapshotFrom } from 'xstate'

/**
 * The actor logic a machine's `.provide()` accepts, every actor required: what the app provides
 * for real (src/) and what tests provide as fakes. Derived from the machine, never retyped.
 */
export type MachineActors<TMachine extends AnyStateMachine> = Required<
  NonNullable<NonNullable<Parameters<TMachine['provide']>[0]>['actors']>
>

/**
 * Every leaf state of a machine as a dotted path (`anonymous.idle`, `viewport.mobile`), from the
 * state value type xstate infers: tables keyed by it fail to compile when a state is missing.
 */
export type LeafStatePath<TValue> = TValue extends string
  ? TValue
  : TValue extends object
    ? { [K in keyof TValue & string]: `${K}.${LeafStatePath<TValue[K]>}` }[keyof TValue & string]
    : never

export type MachineLeafState<TMachine extends AnyStateMachine> = LeafStatePath<
  SnapshotFrom<TMachine>['value']
>

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

/**
 * What each invoked actor may answer, keyed by actor name (a machine invokes each actor with its
 * name as the invoke id): outputs of the actor's own type, and failures (usually RequestFailure).
 */
export type SampleOutcomes<TMachine extends AnyStateMachine> = {
  [K in keyof MachineActors<TMachine>]: {
    done: readonly OutputFrom<MachineActors<TMachine>[K]>[]
    error: readonly unknown[]
  }
}

/** What views show: a machine's one-argument selectors, by their exported name. */
export type ViewSelectors = Readonly<Record<string, (snapshot: never) => unknown>>

export type MachineSamples<TMachine extends AnyStateMachine> = {
  events: SampleEvents<TMachine>
  outcomes: SampleOutcomes<TMachine>
  /** The input the machine starts with, as the app gives it (a machine without one takes none). */
  input?: InputFrom<TMachine>
  /**
   * The machine's selectors module (`import * as selectors from './x.selectors'`): what each
   * state shows the player, recorded at every step of the generated paths. Selectors that need
   * more than the snapshot are left out.
   */
  selectors?: Readonly<Record<string, unknown>>
  /**
   * Event types whose samples sit on both sides of a guard's boundary (`page.go` to pages 0, 1,
   * 2 and 3 of 2): cover paths take each guarded transition once with each of their samples that
   * takes it, so a moved boundary (`<` for `<=`) changes what some path shows.
   */
  boundaryEvents?: ReadonlyArray<EventFromLogic<TMachine>['type']>
  /**
   * How the docs draw a machine too large for one readable diagram: an overview with each part
   * as one box, then one diagram per part. A part names sibling states by their dotted path
   * (top-level states of one stage of the player's journey, or a region of a parallel state).
   */
  diagramParts?: Readonly<Record<string, readonly string[]>>
  // Method syntax keeps the bounds bivariant, so a typed entry fits the registry's list.
  /**
   * States past which traversal stops (they are reached, not expanded), so machines with
   * counters or many independent regions give a finite, readable graph.
   */
  isBeyondBound?(snapshot: SnapshotFrom<TMachine>): boolean
  /** A tighter bound for simple paths, whose number grows fast with independent regions. */
  isBeyondSimpleBound?(snapshot: SnapshotFrom<TMachine>): boolean
}

/** A registered machine: what every tool (docs, paths, path tests, atlas) reads. */
export type MachineEntry<TMachine extends AnyStateMachine = AnyStateMachine> = {
  /** The machine's own id, also the name of its folder and of its diagram. */
  id: string
  /** What the machine models, in plain words: the machine's own root description. */
  description: string
  machine: TMachine
  /** The one-argument selectors of `samples.selectors`. */
  selectors: ViewSelectors
} & Omit<MachineSamples<TMachine>, 'selectors'>

/**
 * Registers a machine with its samples (in `<name>.samples.ts`, next to the machine). The id and
 * the description are the machine's own, so they are written once.
 */
export function defineMachineEntry<TMachine extends AnyStateMachine>(
  machine: TMachine,
  samples: MachineSamples<TMachine>,
): MachineEntry<TMachine> {
  const { selectors = {}, ...rest } = samples
  return {
    id: machine.id,
    description: machine.root.description ?? '',
    machine,
    ...rest,
    selectors: Object.fromEntries(
      Object.entries(selectors).filter(
        (entry): entry is [string, (snapshot: never) => unknown] =>
          typeof entry[1] === 'function' && entry[1].length === 1,
      ),
    ),
  }
}
