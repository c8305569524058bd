import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import type { AnyEventObject, AnyMachineSnapshot, AnyStateMachine, AnyStateNode } from 'xstate'
import type { MachineEntry } from '../../../machines/shared/machine-entry'
import {
  actorIdOf,
  delayMs,
  delayNameOf,
  isActorDone,
  isActorError,
  isDelay,
} from '../../../scripts/lib/machine-graph'
import type { MachinePath } from '../../../scripts/lib/machine-graph'
import { pathSuite } from '../../../scripts/lib/path-suite'
import { MachineHarness } from './replay'
import type { Observation } from './replay'

/**
 * What causes a step, naming the machine's samples (`sample` is the index among the samples of
 * that event type or actor outcome, left out for the first): an event sent, an actor answering
 * or failing, or the clock moving on by the milliseconds the timer took when it was recorded.
 */
export type GoldenAction =
  | { send: string; sample?: number }
  | { answer: string; sample?: number }
  | { fail: string; sample?: number }
  | { wait: string; ms: number }

/**
 * One step of a recorded path: what caused it (none for the start), what it must change
 * (`MachineHarness.observe()`), and the sample events the machine must then ignore, separated
 * by spaces (`type`, or `type#n` for the n-th sample of the type).
 */
export type GoldenStep = { do?: GoldenAction; expect: Observation; ignores?: string }

export type GoldenPath = { name: string; steps: GoldenStep[] }

/**
 * A machine's golden record: its generated paths, each step with what the player, the app and
 * the server must see. Written by `npm run paths -- --update`, reviewed like a snapshot, and
 * replayed by the machine's path tests, so what a path must show never comes from the machine
 * under test.
 */
export type GoldenRecord = {
  machine: string
  generatedBy: string
  input?: unknown
  paths: GoldenPath[]
}

const goldenFolder = 'tests/machines/golden'

/** The golden record's file, from the repository's root. */
export function goldenFile(id: string): string {
  return `${goldenFolder}/${id}.json`
}

/** The golden record of a machine as it is stored, or null when it has none yet. */
export function readGolden(id: string): GoldenRecord | null {
  try {
    // Resolved here, not at import: the view tests import this module under jsdom, where
    // import.meta.url is not a file URL.
    const root = fileURLToPath(new URL('../../..', import.meta.url))
    return JSON.parse(readFileSync(`${root}${goldenFile(id)}`, 'utf8')) as GoldenRecord
  } catch {
    return null
  }
}

/** The sample events, each with the name the golden record gives it (`type` or `type#n`). */
export function namedSamples(entry: MachineEntry): Array<{ name: string; event: AnyEventObject }> {
  return Object.entries(entry.events as Record<string, readonly AnyEventObject[]>).flatMap(
    ([type, samples]) =>
      samples.map((event, index) => ({ name: index === 0 ? type : `${type}#${index}`, event })),
  )
}

/** The sample events a golden step names as ignored. */
export function ignoredNames(step: GoldenStep): string[] {
  return step.ignores ? step.ignores.split(' ') : []
}

/**
 * The event an ignored name stands for: a sample (`type`, `type#n`), or a timer of the state by
 * its full type (`xstate.after.<delay>.<state id>`), which is the event xstate sends itself when
 * the timer fires. Sending it checks the timer without waiting for it, so the timer still runs
 * and the path goes on as recorded.
 */
export function namedEvent(
  samples: ReadonlyMap<string, AnyEventObject>,
  name: string,
): AnyEventObject | undefined {
  return isDelay(name) ? { type: name } : samples.get(name)
}

/**
 * What a snapshot's machine ignores where it is (no transition takes it): the sample events,
 * then the timers of its active states whose guards do not hold (typing paused on a code that
 * is not well formed: the check must not start).
 */
function ignoredSamples(
  machine: AnyStateMachine,
  harness: MachineHarness<AnyStateMachine>,
  samples: ReturnType<typeof namedSamples>,
): string[] {
  // A machine in a final state has stopped: it takes no event at all.
  const snapshot = harness.snapshot as AnyMachineSnapshot
  if (snapshot.status !== 'active') return []
  const timers = [
    ...new Set((snapshot._nodes as AnyStateNode[]).flatMap((node) => node.ownEvents)),
  ].filter(isDelay)
  return [...samples, ...timers.map((type) => ({ name: type, event: { type } as AnyEventObject }))]
    .filter(({ event }) => machine.getTransitionData(snapshot, event).length === 0)
    .map(({ name }) => name)
}

function sampleIndex(samples: readonly unknown[], value: unknown): number {
  const json = JSON.stringify(value)
  const index = samples.findIndex((sample) => JSON.stringify(sample) === json)
  if (index < 0) throw new Error(`no sample is ${json}`)
  return index
}

function withSample<T extends object>(action: T, index: number): T & { sample?: number } {
  return index === 0 ? action : { ...action, sample: index }
}

type Outcomes = Record<string, { done: readonly unknown[]; error: readonly unknown[] }>

/** The golden action of a path's event: which sample it is, or how long the clock moves. */
function actionOf(entry: MachineEntry, event: AnyEventObject, context: unknown): GoldenAction {
  const outcomes = entry.outcomes as Outcomes
  if (isActorDone(event.type)) {
    const id = actorIdOf(event.type)
    const output = (event as { output?: unknown }).output
    return withSample({ answer: id }, sampleIndex(outcomes[id]?.done ?? [], output))
  }
  if (isActorError(event.type)) {
    const id = actorIdOf(event.type)
    const error = (event as { error?: unknown }).error
    return withSample({ fail: id }, sampleIndex(outcomes[id]?.error ?? [], error))
  }
  if (isDelay(event.type)) {
    const delay = delayNameOf(event.type)
    const ms = delayMs(entry.machine, delay, context)
    if (ms === null) throw new Error(`the delay of ${event.type} is not a number`)
    return { wait: delay, ms }
  }
  const samples = (entry.events as Record<string, readonly unknown[]>)[event.type] ?? []
  return withSample({ send: event.type }, sampleIndex(samples, event))
}

/** Causes a golden step in the harness, with the machine's samples. */
export async function performAction(
  entry: MachineEntry,
  harness: MachineHarness<AnyStateMachine>,
  action: GoldenAction,
): Promise<void> {
  const outcomes = entry.outcomes as Outcomes
  const events = entry.events as Record<string, readonly AnyEventObject[]>
  const pick = <T>(samples: readonly T[] | undefined, index = 0, what: string): T => {
    if (!samples || index >= samples.length) throw new Error(`no sample ${index} of ${what}`)
    return samples[index] as T
  }
  if ('send' in action) {
    harness.send(pick(events[action.send], action.sample, action.send))
  } else if ('answer' in action) {
    const output = pick(outcomes[action.answer]?.done, action.sample, `${action.answer} answers`)
    await harness.resolve(action.answer, output)
  } else if ('fail' in action) {
    const error = pick(outcomes[action.fail]?.error, action.sample, `${action.fail} fails`)
    await harness.reject(action.fail, error)
  } else {
    harness.advance(action.ms)
  }
}

/** What a golden action says in a test's failure: `coupon.buy`, `loadCoupon answers #2`. */
export function actionLabel(action: GoldenAction | undefined): string {
  if (!action) return 'the start'
  const sample = 'sample' in action && action.sample !== undefined ? ` #${action.sample}` : ''
  if ('send' in action) return `${action.send}${sample}`
  if ('answer' in action) return `${action.answer} answers${sample}`
  if ('fail' in action) return `${action.fail} fails${sample}`
  return `after ${action.wait} (${action.ms} ms)`
}

/** Runs a generated path in the harness and records every step. */
export async function recordPath(entry: MachineEntry, path: MachinePath): Promise<GoldenStep[]> {
  const harness = new MachineHarness(entry.machine, entry)
  const samples = namedSamples(entry)
  const record = (action?: GoldenAction): GoldenStep => {
    const expect = harness.observe()
    const ignores = ignoredSamples(entry.machine, harness, samples)
    const named = new Map(samples.map((sample) => [sample.name, sample.event]))
    const wrong = harness.ignoring(ignores.map((name) => namedEvent(named, name) as AnyEventObject))
    if (wrong.length > 0) {
      throw new Error(`${entry.id}: events said to be ignored changed the machine`)
    }
    return {
      ...(action ? { do: action } : {}),
      expect,
      ...(ignores.length > 0 ? { ignores: ignores.join(' ') } : {}),
    }
  }
  const steps = [record()]
  for (const step of path.steps.slice(1)) {
    const action = actionOf(entry, step.event, harness.snapshot.context)
    await performAction(entry, harness, action)
    steps.push(record(action))
  }
  harness.actor.stop()
  return steps
}

/**
 * The transitions a recorded path takes in the machine as it is, as the machine declares them
 * (`<state id>::<event type>::<index among that event's transitions>`), in the order first taken.
 * Where two transitions of an event lead to the same state with the same effects (battery
 * operations confirmed apart only for their money marks), this is what tells them apart.
 */
export async function transitionsTaken(
  entry: MachineEntry,
  steps: readonly GoldenStep[],
): Promise<string[]> {
  const harness = new MachineHarness(entry.machine, entry)
  for (const step of steps) if (step.do) await performAction(entry, harness, step.do)
  harness.actor.stop()
  return [...harness.takenTransitions]
}

/** The golden record of a machine, from its generated path tests run on the machine as it is. */
export async function recordGolden(entry: MachineEntry): Promise<GoldenRecord> {
  const paths: GoldenPath[] = []
  for (const test of pathSuite(entry)) {
    paths.push({ name: test.name, steps: await recordPath(entry, test.path) })
  }
  return {
    machine: entry.id,
    generatedBy: `npm run paths -- ${entry.id} --update`,
    ...(entry.input === undefined ? {} : { input: entry.input }),
    paths,
  }
}
