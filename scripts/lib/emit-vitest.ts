import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { format, resolveConfig } from 'prettier'
import type { MachineEntry } from '../../machines/shared/machine-entry'
import {
  ignoredNames,
  namedEvent,
  namedSamples,
  transitionsTaken,
} from '../../tests/machines/support/golden'
import type { GoldenAction, GoldenStep } from '../../tests/machines/support/golden'
import { describeEventType, listTransitions, pathSentence, transitionKeysOf } from './machine-graph'
import type { MachinePath } from './machine-graph'

/** Where the generated file imports from, as paths from the repository's root. */
export type EmitTargets = {
  /** The file being written, e.g. `tests/machines/session.cover.test.ts`. */
  outFile: string
  /** The module that exports the machine's registry entry, and the export's name. */
  entryModule: string
  entryExport: string
  /** The replay harness (tests/machines/support/replay.ts). */
  harnessModule: string
}

export const harnessModule = 'tests/machines/support/replay.ts'

const root = fileURLToPath(new URL('../..', import.meta.url))

const identifier = /^[A-Za-z_$][A-Za-z0-9_$]*$/

/** A value as TypeScript source: the sample payloads and state values are plain data. */
function toLiteral(value: unknown): string {
  if (value === undefined) return 'undefined'
  if (value === null || typeof value === 'boolean') return String(value)
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new Error(`cannot write ${value} as a literal`)
    return String(value)
  }
  if (typeof value === 'string') return JSON.stringify(value)
  if (Array.isArray(value)) return `[${value.map(toLiteral).join(', ')}]`
  if (typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype) {
    const fields = Object.entries(value as Record<string, unknown>).map(
      ([key, inner]) => `${identifier.test(key) ? key : JSON.stringify(key)}: ${toLiteral(inner)}`,
    )
    return `{ ${fields.join(', ')} }`
  }
  throw new Error(`cannot write ${Object.prototype.toString.call(value)} as a literal`)
}

/** An import specifier from one repository file to another, without the `.ts` extension. */
function specifier(from: string, to: string): string {
  const relative = path.posix.relative(path.posix.dirname(from), to).replace(/\.ts$/, '')
  return relative.startsWith('.') ? relative : `./${relative}`
}

/**
 * A sample as source: its literal, or, for a value a literal cannot hold (a Blob, a receipt's
 * image), the expression that reads it from the machine's entry, e.g.
 * `terydollarPurchaseEntry.events['voucher.send'][0]`.
 */
function sampleSource(value: unknown, reference: string): string {
  try {
    return toLiteral(value)
  } catch {
    return reference
  }
}

/** The statement that causes one step: send the event, answer the actor, or let time pass. */
function stepStatement(entry: MachineEntry, action: GoldenAction, entryExport: string): string {
  const outcomes = entry.outcomes as Record<
    string,
    { done: readonly unknown[]; error: readonly unknown[] }
  >
  const events = entry.events as Record<string, readonly unknown[]>
  const index = 'sample' in action ? (action.sample ?? 0) : 0
  if ('answer' in action) {
    const output = sampleSource(
      outcomes[action.answer]?.done[index],
      `${entryExport}.outcomes[${toLiteral(action.answer)}].done[${index}]`,
    )
    return `await harness.resolve(${toLiteral(action.answer)}, ${output})`
  }
  if ('fail' in action) {
    const error = sampleSource(
      outcomes[action.fail]?.error[index],
      `${entryExport}.outcomes[${toLiteral(action.fail)}].error[${index}]`,
    )
    return `await harness.reject(${toLiteral(action.fail)}, ${error})`
  }
  if ('wait' in action) return `harness.advance(${action.ms})`
  const event = sampleSource(
    events[action.send]?.[index],
    `${entryExport}.events[${toLiteral(action.send)}][${index}]`,
  )
  return `harness.send(${event})`
}

/** The checks after a step: what it must show, then the sample events it must ignore. */
function checks(entry: MachineEntry, step: GoldenStep, entryExport: string): string[] {
  const samples = new Map(namedSamples(entry).map((sample) => [sample.name, sample.event]))
  const ignored = ignoredNames(step).map((name) => {
    const [type = name, index = '0'] = name.split('#')
    return sampleSource(
      namedEvent(samples, name),
      `${entryExport}.events[${toLiteral(type)}][${index}]`,
    )
  })
  const lines = [`expect(harness.observe()).toEqual(${toLiteral(step.expect)})`]
  if (ignored.length > 0)
    lines.push(`expect(harness.ignoring([${ignored.join(', ')}])).toEqual([])`)
  return lines
}

/**
 * A Vitest file that replays recorded paths with the MachineHarness and checks, after every
 * step, what the machine shows (state, emitted events, the calls it starts with their input,
 * the events it sends its actors, what its selectors answer) and that it ignores the sample events it must ignore there, then
 * which declared transitions the path took: a suite a tester owns and edits. Formatted with the
 * project's Prettier config.
 */
export async function emitVitest(
  entry: MachineEntry,
  paths: ReadonlyArray<{ path: MachinePath; steps: readonly GoldenStep[] }>,
  options: { label: string; command: string; targets: EmitTargets },
): Promise<string> {
  const { targets } = options
  const descriptions = new Map(listTransitions(entry.machine).map((t) => [t.key, t.description]))
  const taken = await Promise.all(paths.map(({ steps }) => transitionsTaken(entry, steps)))
  const tests = paths.map(({ path: machinePath, steps }, index) => {
    const [start, ...rest] = steps
    const lines = [
      `it(${toLiteral(`${options.label} ${index + 1}: ${pathSentence(entry, machinePath)}`)}, async () => {`,
      `const harness = new MachineHarness(${targets.entryExport}.machine, ${targets.entryExport})`,
      ...(start ? checks(entry, start, targets.entryExport) : []),
    ]
    rest.forEach((step, stepIndex) => {
      const before = machinePath.steps[stepIndex]
      const event = machinePath.steps[stepIndex + 1]?.event
      if (!before || !event || !step.do) return
      const said = transitionKeysOf(entry.machine, before.state, event)
        .map((key) => descriptions.get(key) ?? '')
        .filter(Boolean)
        .join(' ')
      lines.push(
        '',
        `// ${describeEventType(entry, event.type)}${said ? `: ${said}` : ''}`,
        stepStatement(entry, step.do, targets.entryExport),
        ...checks(entry, step, targets.entryExport),
      )
    })
    lines.push(
      '',
      '// The transitions it took, as the machine declares them (state::event::index).',
      `expect([...harness.takenTransitions]).toEqual(${toLiteral(taken[index])})`,
      '})',
    )
    return lines.join('\n')
  })
  const source = [
    `// Generated by \`${options.command}\` from the machine's graph: yours to edit.`,
    '// Each test replays one path with the MachineHarness (fake actors, simulated clock) and',
    '// checks after every step what the machine shows: its state, the events it emits, the',
    '// calls it starts with their input, the events it sends its actors, what its selectors',
    '// answer, and that it ignores the events it must ignore there; then which of the',
    '// transitions the machine declares it took.',
    '// Running the command again overwrites this file.',
    "import { describe, expect, it } from 'vitest'",
    `import { ${targets.entryExport} } from '${specifier(targets.outFile, targets.entryModule)}'`,
    `import { MachineHarness } from '${specifier(targets.outFile, targets.harnessModule)}'`,
    '',
    `describe(${toLiteral(`${entry.id}: ${options.label}s`)}, () => {`,
    tests.join('\n\n'),
    '})',
    '',
  ].join('\n')
  const config = (await resolveConfig(path.join(root, targets.outFile))) ?? {}
  return format(source, { ...config, parser: 'typescript' })
}
