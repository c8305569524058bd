import { getAdjacencyMap, getShortestPaths, getSimplePaths, serializeSnapshot } from '@xstate/graph'
import type { AdjacencyMap, StatePath, TraversalOptions } from '@xstate/graph'
import { __unsafe_getAllOwnEventDescriptors, createActor } from 'xstate'
import type {
  ActorLogic,
  AnyActorScope,
  AnyEventObject,
  AnyMachineSnapshot,
  AnyStateMachine,
  AnyStateNode,
  AnyTransitionDefinition,
  InspectionEvent,
} from 'xstate'
import type { MachineEntry } from '../../machines/shared/machine-entry'
import { seededRandom } from './seeded-random'

/** One step of a path: the event sent (or caused) and the state the machine is in after it. */
export type PathStep = { event: AnyEventObject; state: AnyMachineSnapshot }

/** A path through a machine. `steps[0]` is `xstate.init`, the initial state. */
export type MachinePath = { steps: PathStep[]; state: AnyMachineSnapshot }

export type PathStrategy = 'shortest' | 'simple' | 'cover' | 'random'

/** A transition as declared in the machine, with what a reviewer needs to read it. */
export type TransitionInfo = {
  /** Stable identity: `<source id>::<event type>::<index among that event's transitions>`. */
  key: string
  source: string
  eventType: string
  guard: string | null
  targets: string[]
  description: string
}

const donePrefix = 'xstate.done.actor.'
const errorPrefix = 'xstate.error.actor.'
const afterPrefix = 'xstate.after.'
/** The source named for transitions the machine itself declares, taken in any state. */
export const rootSource = '(machine)'

/** The state node's path inside the machine, e.g. `authenticated.ready` ('' for the root). */
export function nodePath(node: AnyStateNode): string {
  return node.path.join('.')
}

function allStateNodes(machine: AnyStateMachine): AnyStateNode[] {
  const nodes: AnyStateNode[] = []
  const visit = (node: AnyStateNode) => {
    nodes.push(node)
    for (const child of Object.values(node.states)) visit(child)
  }
  visit(machine.root)
  return nodes
}

/** Every state node but the root, in declaration order. */
export function listStateNodes(machine: AnyStateMachine): AnyStateNode[] {
  return allStateNodes(machine).slice(1)
}

function guardName(transition: AnyTransitionDefinition): string | null {
  const guard: unknown = transition.guard
  if (guard === undefined) return null
  if (typeof guard === 'string') return guard
  if (typeof guard === 'object' && guard !== null && 'type' in guard) {
    return String((guard as { type: unknown }).type)
  }
  return 'inline guard'
}

function transitionKeyOf(transition: AnyTransitionDefinition): string {
  const source = transition.source
  const siblings =
    transition.eventType === '' ? source.always : source.transitions.get(transition.eventType)
  const index = siblings?.indexOf(transition) ?? -1
  return `${source.id}::${transition.eventType}::${index}`
}

/** Every transition the machine declares, with the definition xstate built from its config. */
export function listTransitionDefinitions(
  machine: AnyStateMachine,
): Array<{ info: TransitionInfo; definition: AnyTransitionDefinition }> {
  const result: Array<{ info: TransitionInfo; definition: AnyTransitionDefinition }> = []
  for (const node of allStateNodes(machine)) {
    const groups: AnyTransitionDefinition[][] = [...node.transitions.values()]
    if (node.always) groups.push(node.always)
    for (const group of groups) {
      for (const transition of group) {
        result.push({
          info: {
            key: transitionKeyOf(transition),
            source: nodePath(node) || rootSource,
            eventType: transition.eventType,
            guard: guardName(transition),
            targets: (transition.target ?? []).map((target) => nodePath(target)),
            description: transition.description ?? '',
          },
          definition: transition,
        })
      }
    }
  }
  return result
}

/** Every transition the machine declares (including delays and actor answers), in order. */
export function listTransitions(machine: AnyStateMachine): TransitionInfo[] {
  return listTransitionDefinitions(machine).map(({ info }) => info)
}

type Microsteps = { scope: AnyActorScope; taken: AnyTransitionDefinition[][] }

// Keyed by the root state node, as `modelOf` is (a machine may stand for its mutants).
const microstepScopes = new WeakMap<AnyStateNode, Microsteps>()

/**
 * An actor scope that runs nothing (like xstate's own for `getMicrosteps`) but hears the
 * microsteps a transition takes, eventless (`always`) ones included.
 */
function microstepsOf(machine: AnyStateMachine): Microsteps {
  const known = microstepScopes.get(machine.root)
  if (known) return known
  const taken: AnyTransitionDefinition[][] = []
  const self = createActor(machine, {
    inspect: (event: InspectionEvent) => {
      if (event.type === '@xstate.microstep') taken.push(event._transitions)
    },
  })
  const scope = {
    self,
    defer: () => {},
    id: '',
    logger: () => {},
    sessionId: '',
    stopChild: () => {},
    system: self.system,
    emit: () => {},
    actionExecutor: () => {},
  } as unknown as AnyActorScope
  const created = { scope, taken }
  microstepScopes.set(machine.root, created)
  return created
}

/**
 * The keys of the transitions an event takes from a state, then the eventless (`always`) ones
 * the machine takes right after it (none when the event is ignored).
 */
export function transitionKeysOf(
  machine: AnyStateMachine,
  snapshot: AnyMachineSnapshot,
  event: AnyEventObject,
): string[] {
  if (machine.getTransitionData(snapshot, event).length === 0) return []
  const { scope, taken } = microstepsOf(machine)
  taken.length = 0
  machine.transition(snapshot, event, scope)
  return taken.flat().map(transitionKeyOf)
}

/** Keys of the transitions a running actor took, read from `@xstate.microstep` inspection. */
export function transitionKeysFromMicrostep(transitions: AnyTransitionDefinition[]): string[] {
  return transitions.map(transitionKeyOf)
}

/** The samples of every event, actor answers included, in a stable order. */
export function sampleEvents(entry: MachineEntry): AnyEventObject[] {
  const events: AnyEventObject[] = []
  for (const samples of Object.values(entry.events) as ReadonlyArray<AnyEventObject>[]) {
    events.push(...samples)
  }
  const outcomes = entry.outcomes as Record<
    string,
    { done: readonly unknown[]; error: readonly unknown[] }
  >
  for (const [id, outcome] of Object.entries(outcomes)) {
    for (const output of outcome.done) events.push({ type: `${donePrefix}${id}`, output })
    for (const error of outcome.error) events.push({ type: `${errorPrefix}${id}`, error })
  }
  return events
}

/**
 * Event types the machine handles that have no sample: traversal would send them without
 * payload (actor answers) or not at all. Delays need no sample.
 */
export function findMissingSamples(entry: MachineEntry): string[] {
  const sampled = new Set(sampleEvents(entry).map((event) => event.type))
  const handled = new Set(allStateNodes(entry.machine).flatMap((node) => node.ownEvents))
  return [...handled].filter((type) => !type.startsWith(afterPrefix) && !sampled.has(type)).sort()
}

/**
 * The first sample of each event type and of each actor's answer and failure: simple paths use
 * these only, because their number grows exponentially with every extra branch.
 */
export function firstSampleEvents(entry: MachineEntry): AnyEventObject[] {
  const seen = new Set<string>()
  return sampleEvents(entry).filter((event) => {
    if (seen.has(event.type)) return false
    seen.add(event.type)
    return true
  })
}

type Options = TraversalOptions<AnyMachineSnapshot, AnyEventObject, unknown>

function traversalOptions(
  entry: MachineEntry,
  bound: ((snapshot: AnyMachineSnapshot) => boolean) | undefined,
  samples: AnyEventObject[] = sampleEvents(entry),
): Options {
  // The events each state handles: their samples, or the bare type (delays need no payload).
  // Passing the samples as a plain array would skip every type without a sample.
  const events = (snapshot: AnyMachineSnapshot): AnyEventObject[] =>
    __unsafe_getAllOwnEventDescriptors(snapshot).flatMap((type: string) => {
      const matching = samples.filter((event) => event.type === type)
      return matching.length > 0 ? matching : [{ type }]
    })
  return {
    events,
    ...(entry.input === undefined ? {} : { input: entry.input }),
    ...(bound ? { stopWhen: bound } : {}),
  }
}

function simpleBound(entry: MachineEntry) {
  const outer = entry.isBeyondBound
  const inner = entry.isBeyondSimpleBound
  if (!outer && !inner) return undefined
  return (snapshot: AnyMachineSnapshot) =>
    (outer?.(snapshot) ?? false) || (inner?.(snapshot) ?? false)
}

function toMachinePath(path: StatePath<AnyMachineSnapshot, AnyEventObject>): MachinePath {
  return {
    steps: path.steps.map((step) => ({ event: step.event, state: step.state })),
    state: path.state,
  }
}

/** The events of a path after `xstate.init`, serialized: the identity used to deduplicate. */
export function pathKey(path: MachinePath): string {
  return JSON.stringify(path.steps.slice(1).map((step) => step.event))
}

/** The shortest path to every distinct state (value and context) the bounded graph holds. */
export function shortestPaths(entry: MachineEntry): MachinePath[] {
  const logic = entry.machine as unknown as Parameters<typeof getShortestPaths>[0]
  return getShortestPaths(logic, traversalOptions(entry, entry.isBeyondBound)).map(toMachinePath)
}

/** Every path that visits no state twice, within the simple-path bound. */
export function simplePaths(entry: MachineEntry): MachinePath[] {
  const logic = entry.machine as unknown as Parameters<typeof getSimplePaths>[0]
  return getSimplePaths(
    logic,
    traversalOptions(entry, simpleBound(entry), firstSampleEvents(entry)),
  ).map(toMachinePath)
}

type Edge = { from: string; event: AnyEventObject; to: string; keys: string[] }

type Graph = {
  initial: string
  states: Map<string, AnyMachineSnapshot>
  edges: Map<string, Edge[]>
}

function buildGraph(entry: MachineEntry, fromState?: AnyMachineSnapshot): Graph {
  const logic = entry.machine as unknown as ActorLogic<AnyMachineSnapshot, AnyEventObject, unknown>
  const adjacency: AdjacencyMap<AnyMachineSnapshot, AnyEventObject> = getAdjacencyMap(logic, {
    ...traversalOptions(entry, entry.isBeyondBound),
    ...(fromState ? { fromState } : {}),
  })
  const states = new Map<string, AnyMachineSnapshot>()
  const edges = new Map<string, Edge[]>()
  let initial: string | undefined
  for (const [from, value] of Object.entries(adjacency)) {
    initial ??= from
    states.set(from, value.state)
    const list: Edge[] = []
    const transitions = Object.values(value.transitions) as Array<{
      event: AnyEventObject
      state: AnyMachineSnapshot
    }>
    for (const transition of transitions) {
      const keys = transitionKeysOf(entry.machine, value.state, transition.event)
      if (keys.length === 0) continue
      list.push({ from, event: transition.event, to: serializeSnapshot(transition.state), keys })
    }
    edges.set(from, list)
  }
  if (initial === undefined) throw new Error(`${entry.id}: the graph has no initial state`)
  return { initial, states, edges }
}

/**
 * The machine's bounded state graph as the path tools explore it (the samples' events, the
 * machine's own guards and actions): every distinct state (value and context) and, from each, the
 * events that move it, the transitions they take and where they lead. The atlas's simulation
 * walks it.
 */
export function stateGraph(entry: MachineEntry): {
  states: Array<{
    leaves: string[]
    edges: Array<{ event: AnyEventObject; to: number; keys: string[] }>
  }>
} {
  const graph = buildGraph(entry)
  const order = [...graph.states.keys()]
  const indexOf = new Map(order.map((id, index) => [id, index]))
  return {
    states: order.map((id) => ({
      leaves: activeLeaves(graph.states.get(id) as AnyMachineSnapshot),
      edges: (graph.edges.get(id) ?? []).flatMap((edge) => {
        const to = indexOf.get(edge.to)
        return to === undefined ? [] : [{ event: edge.event, to, keys: edge.keys }]
      }),
    })),
  }
}

function pathFromEdges(graph: Graph, route: Edge[]): MachinePath {
  const initialState = graph.states.get(graph.initial)
  if (!initialState) throw new Error('the initial state is missing from the graph')
  const steps: PathStep[] = [{ event: { type: 'xstate.init' }, state: initialState }]
  for (const edge of route) {
    const state = graph.states.get(edge.to)
    if (!state) throw new Error(`state ${edge.to} is missing from the graph`)
    steps.push({ event: edge.event, state })
  }
  return { steps, state: steps[steps.length - 1]?.state ?? initialState }
}

/** Breadth-first: the shortest route from `from` to an edge that covers something uncovered. */
function routeToUncovered(
  graph: Graph,
  from: string,
  isUncovered: (edge: Edge) => boolean,
): Edge[] | null {
  const previous = new Map<string, Edge | null>([[from, null]])
  const queue = [from]
  while (queue.length > 0) {
    const current = queue.shift() as string
    for (const edge of graph.edges.get(current) ?? []) {
      if (isUncovered(edge)) {
        const route = [edge]
        let back = previous.get(current) ?? null
        while (back) {
          route.unshift(back)
          back = previous.get(back.from) ?? null
        }
        return route
      }
      if (!previous.has(edge.to) && graph.edges.has(edge.to)) {
        previous.set(edge.to, edge)
        queue.push(edge.to)
      }
    }
  }
  return null
}

/** Longest cover path before starting a new one from the initial state, for readability. */
const maxCoverSteps = 8

/** Whether a shown value is there at all: what a message or a field left behind would change. */
function presence(value: unknown): number {
  if (value === null || value === undefined || value === '' || value === false) return 0
  if (Array.isArray(value)) return value.length === 0 ? 0 : 1
  if (typeof value === 'object') return Object.keys(value).length === 0 ? 0 : 1
  return 1
}

/** For each state of the graph, which of the machine's selectors show something there. */
function presenceOf(entry: MachineEntry, graph: Graph): Map<string, number[]> {
  const selectors = Object.values(entry.selectors) as Array<
    (snapshot: AnyMachineSnapshot) => unknown
  >
  const result = new Map<string, number[]>()
  for (const [id, snapshot] of graph.states) {
    result.set(
      id,
      selectors.map((select) => presence(select(snapshot))),
    )
  }
  return result
}

/**
 * A small set of paths that together take every reachable transition, from every way its
 * source can look as far as the transition is concerned: when a transition shows or hides
 * something (a message, a recipient), it is taken once where that thing was shown and once
 * where it was not. So a message that should go when the player moves on is seen to go. Each
 * path walks from the initial state (or `fromState`, e.g. where a view starts) to the nearest
 * such transition not yet taken, again and again. With `byLook: false` each transition is taken
 * once, wherever: what the model-based view tests replay, since a view cannot always put its
 * source in every look (an empty field cannot be emptied again).
 */
export function coverPaths(
  entry: MachineEntry,
  fromState?: AnyMachineSnapshot,
  { byLook = true }: { byLook?: boolean } = {},
): MachinePath[] {
  const graph = buildGraph(entry, fromState)
  const shown = byLook ? presenceOf(entry, graph) : new Map<string, number[]>()
  // The selectors each transition touches: shown before it and not after, or the other way.
  const touched = new Map<string, Set<number>>()
  for (const list of graph.edges.values()) {
    for (const edge of list) {
      const before = shown.get(edge.from) ?? []
      const after = shown.get(edge.to) ?? []
      for (const key of edge.keys) {
        const set = touched.get(key) ?? new Set<number>()
        before.forEach((value, index) => {
          if (value !== after[index]) set.add(index)
        })
        touched.set(key, set)
      }
    }
  }
  // A guarded transition an event of `boundaryEvents` takes is taken once with each of its
  // samples that takes it: samples on both sides of a guard's boundary (pages 0 to 3 of 2) then
  // each cross it in some path. Not every event's: a sample that only another context makes take
  // the transition would drive paths into states the app never reaches.
  const sampled = new Set<string>(entry.boundaryEvents ?? [])
  const guarded = new Set(
    byLook
      ? listTransitionDefinitions(entry.machine)
          .filter(({ info }) => info.guard !== null && sampled.has(info.eventType))
          .map(({ info }) => info.key)
      : [],
  )
  const itemsOf = (edge: Edge) =>
    edge.keys.map((key) => {
      const before = shown.get(edge.from) ?? []
      const look = [...(touched.get(key) ?? [])].map((index) => before[index]).join('')
      return guarded.has(key) ? `${key}|${look}|${JSON.stringify(edge.event)}` : `${key}|${look}`
    })
  const uncovered = new Set<string>()
  for (const list of graph.edges.values()) {
    for (const edge of list) itemsOf(edge).forEach((item) => uncovered.add(item))
  }
  const isUncovered = (edge: Edge) => itemsOf(edge).some((item) => uncovered.has(item))
  const paths: MachinePath[] = []
  while (uncovered.size > 0) {
    const route: Edge[] = []
    let current = graph.initial
    while (route.length < maxCoverSteps) {
      const next = routeToUncovered(graph, current, isUncovered)
      if (!next) break
      for (const edge of next) itemsOf(edge).forEach((item) => uncovered.delete(item))
      route.push(...next)
      current = next[next.length - 1]?.to ?? current
    }
    if (route.length === 0) break
    paths.push(pathFromEdges(graph, route))
  }
  return paths
}

export type CoverageTarget = 'transitions' | 'states' | 'requirements'

export type RandomOptions = {
  /** The same seed gives the same walk. */
  seed: number
  /**
   * Walk until every transition, state or cited requirement the bounded graph can reach has
   * been taken or visited. The default when no `length` is given.
   */
  until?: CoverageTarget
  /** Stop after this many steps in all (with `until`, a cap). */
  length?: number
  /** Prefer, ten to one, the steps that reach something not covered yet. */
  weighted?: boolean
}

/** How long a walk may get when only `until` bounds it and its target is out of reach. */
export const maxWalkSteps = 2_000

function requirementsIn(meta: unknown): string[] {
  const requirements = (meta as { requirements?: unknown } | undefined)?.requirements
  return Array.isArray(requirements) ? requirements.map(String) : []
}

/** What visiting a state or taking an edge covers, for the walk's target. */
function coverageItems(entry: MachineEntry, target: CoverageTarget) {
  const transitionRequirements = new Map(
    listTransitionDefinitions(entry.machine).map(({ info, definition }) => [
      info.key,
      requirementsIn(definition.meta),
    ]),
  )
  const ofState = (snapshot: AnyMachineSnapshot): string[] => {
    const nodes = (snapshot._nodes as AnyStateNode[]).filter((node) => node.path.length > 0)
    if (target === 'states') return nodes.map(nodePath)
    if (target === 'requirements') return nodes.flatMap((node) => requirementsIn(node.meta))
    return []
  }
  const ofEdge = (edge: Edge, reached: AnyMachineSnapshot): string[] => {
    if (target === 'transitions') return edge.keys
    if (target === 'states') return ofState(reached)
    return [
      ...edge.keys.flatMap((key) => transitionRequirements.get(key) ?? []),
      ...ofState(reached),
    ]
  }
  return { ofState, ofEdge }
}

/** Steps from each state to the nearest edge that covers something new (breadth-first, backward). */
function distancesToUncovered(
  graph: Graph,
  coversNew: (edge: Edge) => boolean,
): Map<string, number> {
  const incoming = new Map<string, Edge[]>()
  const distance = new Map<string, number>()
  const queue: string[] = []
  for (const [from, list] of graph.edges) {
    for (const edge of list) {
      incoming.set(edge.to, [...(incoming.get(edge.to) ?? []), edge])
      if (!distance.has(from) && coversNew(edge)) {
        distance.set(from, 1)
        queue.push(from)
      }
    }
  }
  for (let index = 0; index < queue.length; index++) {
    const state = queue[index] as string
    const next = (distance.get(state) ?? 0) + 1
    for (const edge of incoming.get(state) ?? []) {
      if (distance.has(edge.from)) continue
      distance.set(edge.from, next)
      queue.push(edge.from)
    }
  }
  return distance
}

/** Breadth-first from the initial state: the shortest route to every state the graph holds. */
function routesFromInitial(graph: Graph): Map<string, Edge[]> {
  const routes = new Map<string, Edge[]>([[graph.initial, []]])
  const queue = [graph.initial]
  for (let index = 0; index < queue.length; index++) {
    const state = queue[index] as string
    const route = routes.get(state) ?? []
    for (const edge of graph.edges.get(state) ?? []) {
      if (routes.has(edge.to)) continue
      routes.set(edge.to, [...route, edge])
      queue.push(edge.to)
    }
  }
  return routes
}

/**
 * Seeded random walks from the initial state, like GraphWalker's random generator with a stop
 * condition. A walk is stuck when it reaches a state with no way out (a final state, the
 * traversal bound), when nothing it has still to cover can be reached from where it is, or when
 * it has covered nothing new for as many steps as the graph has states: it then ends its path
 * and starts the next one at a random state it has visited from which something uncovered can
 * still be reached (the path walks there from the initial state by the shortest route).
 */
export function randomPaths(entry: MachineEntry, options: RandomOptions): MachinePath[] {
  const graph = buildGraph(entry)
  const random = seededRandom(options.seed)
  const until = options.until ?? (options.length === undefined ? 'transitions' : undefined)
  const items = coverageItems(entry, until ?? 'transitions')
  const stateOf = (id: string): AnyMachineSnapshot => {
    const state = graph.states.get(id)
    if (!state) throw new Error(`state ${id} is missing from the graph`)
    return state
  }
  const initialState = stateOf(graph.initial)
  const reachable = new Set(items.ofState(initialState))
  for (const list of graph.edges.values()) {
    for (const edge of list) items.ofEdge(edge, stateOf(edge.to)).forEach((i) => reachable.add(i))
  }
  const covered = new Set(items.ofState(initialState))
  const isDone = (steps: number) =>
    (options.length !== undefined && steps >= options.length) ||
    (until !== undefined && [...reachable].every((item) => covered.has(item))) ||
    steps >= maxWalkSteps
  const coversNew = (edge: Edge) =>
    items.ofEdge(edge, stateOf(edge.to)).some((item) => !covered.has(item))
  // `distance`: the number of steps from each state to the nearest edge that covers something
  // new (none when nothing new can be reached from it), recomputed as coverage grows.
  let distance = new Map<string, number>()
  let distanceFor = -1
  const distanceOf = (state: string) => {
    if (distanceFor !== covered.size) {
      distance = distancesToUncovered(graph, coversNew)
      distanceFor = covered.size
    }
    return distance.get(state)
  }
  // Weighted walks favour, ten to one, the steps that cover something new or lead toward it.
  const weightOf = (edge: Edge, from: string) => {
    if (!options.weighted) return 1
    if (coversNew(edge)) return 10
    const here = distanceOf(from)
    const there = distanceOf(edge.to)
    return here !== undefined && there !== undefined && there < here ? 10 : 1
  }
  const routes = routesFromInitial(graph)
  const patience = Math.max(graph.states.size, 10)

  const paths: MachinePath[] = []
  const visited = new Set([graph.initial])
  let route: Edge[] = []
  let current = graph.initial
  let steps = 0
  let sinceNew = 0
  const take = (edge: Edge) => {
    route.push(edge)
    steps += 1
    sinceNew = coversNew(edge) ? 0 : sinceNew + 1
    items.ofEdge(edge, stateOf(edge.to)).forEach((item) => covered.add(item))
    visited.add(edge.to)
    current = edge.to
  }
  while (!isDone(steps)) {
    const choices = graph.edges.get(current) ?? []
    const hopeless = until !== undefined && distanceOf(current) === undefined
    if (choices.length === 0 || hopeless || sinceNew >= patience) {
      // Stuck: a new path, from a visited state where something is still to be covered.
      const promising = [...visited].filter(
        (state) => (graph.edges.get(state)?.length ?? 0) > 0 && distanceOf(state) !== undefined,
      )
      const starts = promising.length > 0 ? promising : until === undefined ? [...visited] : []
      const start = starts[Math.floor(random() * starts.length)]
      if (start === undefined || (graph.edges.get(start)?.length ?? 0) === 0) break
      if (route.length > 0) paths.push(pathFromEdges(graph, route))
      route = []
      current = graph.initial
      sinceNew = 0
      for (const edge of routes.get(start) ?? []) {
        if (isDone(steps)) break
        take(edge)
      }
      continue
    }
    const weights = choices.map((choice) => weightOf(choice, current))
    let pick = random() * weights.reduce((sum, weight) => sum + weight, 0)
    let edge = choices[choices.length - 1] as Edge
    for (const [index, choice] of choices.entries()) {
      pick -= weights[index] ?? 0
      if (pick < 0) {
        edge = choice
        break
      }
    }
    take(edge)
  }
  if (route.length > 0 || paths.length === 0) paths.push(pathFromEdges(graph, route))
  return paths
}

export function pathsFor(
  entry: MachineEntry,
  strategy: PathStrategy,
  random: RandomOptions = { seed: 1 },
): MachinePath[] {
  switch (strategy) {
    case 'shortest':
      return shortestPaths(entry)
    case 'simple':
      return simplePaths(entry)
    case 'cover':
      return coverPaths(entry)
    case 'random':
      return randomPaths(entry, random)
  }
}

/** Drops paths whose events repeat another path's (keeps the first). */
export function uniquePaths(paths: MachinePath[]): MachinePath[] {
  const seen = new Set<string>()
  return paths.filter((path) => {
    const key = pathKey(path)
    if (seen.has(key)) return false
    seen.add(key)
    return true
  })
}

/** Transition keys a path takes, as the graph predicts them. */
export function transitionKeysOfPath(entry: MachineEntry, path: MachinePath): string[] {
  const keys: string[] = []
  for (let index = 1; index < path.steps.length; index++) {
    const before = path.steps[index - 1]
    const step = path.steps[index]
    if (!before || !step) continue
    keys.push(...transitionKeysOf(entry.machine, before.state, step.event))
  }
  return keys
}

/** A readable name for an event type: actor answers and delays in words. */
export function eventTypeLabel(machine: AnyStateMachine, type: string): string {
  if (type.startsWith(donePrefix)) return `${type.slice(donePrefix.length)} answers`
  if (type.startsWith(errorPrefix)) return `${type.slice(errorPrefix.length)} fails`
  if (type.startsWith(afterPrefix)) {
    const delay = delayNameOf(type)
    const ms = delayMs(machine, delay)
    return `after ${delay}${ms === null ? '' : ` (${ms} ms)`}`
  }
  return type
}

/** A readable name for an event type of a registered machine. */
export function describeEventType(entry: MachineEntry, type: string): string {
  return eventTypeLabel(entry.machine, type)
}

/** The delay's name in an `xstate.after.<delay>.<state id>` event type. */
export function delayNameOf(type: string): string {
  return type.slice(afterPrefix.length).split('.')[0] ?? ''
}

/**
 * The milliseconds of a named (or numeric) delay. A delay computed from the context (a station's
 * run) is evaluated on `context`, the context of the state whose timer it is; without one, null.
 */
export function delayMs(machine: AnyStateMachine, delay: string, context?: unknown): number | null {
  const named: unknown = (machine.implementations.delays as Record<string, unknown>)[delay]
  if (typeof named === 'number') return named
  if (typeof named === 'function') {
    if (context === undefined) return null
    const ms: unknown = named({ context, event: { type: `${afterPrefix}${delay}` } }, undefined)
    return typeof ms === 'number' ? ms : null
  }
  const literal = Number(delay)
  return Number.isFinite(literal) ? literal : null
}

export function isActorDone(type: string): boolean {
  return type.startsWith(donePrefix)
}

export function isActorError(type: string): boolean {
  return type.startsWith(errorPrefix)
}

export function isDelay(type: string): boolean {
  return type.startsWith(afterPrefix)
}

/** The invoke id in a done or error event type. */
export function actorIdOf(type: string): string {
  if (type.startsWith(donePrefix)) return type.slice(donePrefix.length)
  if (type.startsWith(errorPrefix)) return type.slice(errorPrefix.length)
  return ''
}

/** The active leaf states as dotted paths, e.g. `['anonymous.idle']`. */
export function activeLeaves(snapshot: AnyMachineSnapshot): string[] {
  return (snapshot._nodes as AnyStateNode[])
    .filter((node) => node.type === 'atomic' || node.type === 'final')
    .map(nodePath)
}

/** The active leaf states, e.g. `anonymous.idle` or `loginForm.shown, viewport.mobile`. */
export function stateLabel(snapshot: AnyMachineSnapshot): string {
  return activeLeaves(snapshot).join(', ')
}

/**
 * For parallel machines, only the regions that left their initial state; the whole state
 * otherwise. Keeps path names short.
 */
export function stateChangeLabel(snapshot: AnyMachineSnapshot): string {
  const label = stateLabel(snapshot)
  if (snapshot.machine.root.type !== 'parallel') return label
  const initial = stateLabel(initialSnapshot(snapshot.machine))
  const initialLeaves = new Set(initial.split(', '))
  const changed = label.split(', ').filter((leaf) => !initialLeaves.has(leaf))
  return changed.length === 0 ? 'the initial state' : changed.join(', ')
}

/** A sentence naming a path: where it ends and the events that lead there. */
export function pathSentence(entry: MachineEntry, path: MachinePath): string {
  const events = path.steps.slice(1).map((step) => describeEventType(entry, step.event.type))
  const target = stateChangeLabel(path.state)
  if (events.length === 0) return `starts in ${target}`
  return `reaches ${target} after ${events.join(', ')}`
}

/** The machine's initial snapshot, computed by starting (and stopping) an actor. */
export function initialSnapshot(machine: AnyStateMachine): AnyMachineSnapshot {
  const actor = createActor(machine)
  const snapshot = actor.getSnapshot() as AnyMachineSnapshot
  return snapshot
}
