/**
 * The generated test paths of a machine, for testers:
 *
 *   npm run paths                          the machines, with their state, event, transition and
 *                                          requirement counts
 *   npm run paths -- <machine> [--strategy shortest|simple|cover|random] [--format md|json]
 *                  [--seed N] [--until transitions|states|requirements] [--length N] [--weighted]
 *   npm run paths -- <machine> --emit vitest [--out tests/machines/x.test.ts]
 *                                          a runnable Vitest file replaying the paths
 *   npm run paths -- [<machine>...] --update
 *                                          rewrites the golden records of the path tests
 *                                          (tests/machines/golden/<id>.json), to review
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { parseArgs } from 'node:util'
import { format, resolveConfig } from 'prettier'
import { machines } from '../machines/index'
import type { MachineEntry } from '../machines/shared/machine-entry'
import { coverageOf, formatCount, modelOf, reachedByPaths } from './lib/coverage'
import type { Coverage } from './lib/coverage'
import { emitVitest, harnessModule } from './lib/emit-vitest'
import { findEntryModule } from './lib/entry-module'
import {
  describeEventType,
  listTransitions,
  maxWalkSteps,
  pathSentence,
  pathsFor,
  stateChangeLabel,
  stateLabel,
  transitionKeysOf,
  transitionKeysOfPath,
} from './lib/machine-graph'
import type { CoverageTarget, MachinePath, PathStrategy, RandomOptions } from './lib/machine-graph'
import { requirementsOf } from './lib/machine-model'
import { textTable } from './lib/text-table'
import { goldenFile, recordGolden, recordPath } from '../tests/machines/support/golden'
import { projectRequirements, uncitedRequirements } from './lib/requirements'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const strategies: PathStrategy[] = ['shortest', 'simple', 'cover', 'random']
const targets: CoverageTarget[] = ['transitions', 'states', 'requirements']

function usage(message: string): never {
  console.error(
    [
      message,
      '',
      'Usage: npm run paths',
      `       npm run paths -- <machine> [--strategy ${strategies.join('|')}] [--format md|json]`,
      `                      [--seed N] [--until ${targets.join('|')}] [--length N] [--weighted]`,
      '       npm run paths -- <machine> [--strategy ...] --emit vitest [--out <file>]',
      `Machines: ${machines.map((entry) => entry.id).join(', ')}`,
    ].join('\n'),
  )
  process.exit(1)
}

function wholeNumber(value: string | undefined, name: string): number | undefined {
  if (value === undefined) return undefined
  const parsed = Number(value)
  if (!Number.isInteger(parsed) || parsed < 0) usage(`--${name} must be a whole number`)
  return parsed
}

/** The machines with their sizes: what a tester picks from. */
function listing(): string {
  const rows = machines.map((entry) => {
    const model = modelOf(entry.machine)
    const events = new Set(model.transitions.map((transition) => transition.eventType))
    return [
      entry.id,
      String(model.states.length),
      String(events.size),
      String(model.transitions.length),
      String(requirementsOf(model).length),
    ]
  })
  const lines = [
    textTable(
      [['machine', 'states', 'events', 'transitions', 'requirements'], ...rows],
      [1, 2, 3, 4],
    ),
  ]
  const uncited = uncitedRequirements(
    machines.map((entry) => modelOf(entry.machine)),
    projectRequirements(),
  )
  lines.push(
    '',
    'Events count actor answers and timers. Requirements are the ids of docs/requirements.md the machine cites.',
    uncited.length === 0
      ? 'Every requirement of docs/requirements.md is cited by a machine.'
      : `Cited by no machine (uncovered): ${uncited.map((requirement) => requirement.id).join(', ')}`,
    '',
    'npm run paths -- <machine> prints its paths; --help for the options.',
  )
  return lines.join('\n')
}

function coverageSummary(coverage: Coverage): string[] {
  const lines = [
    `Coverage: transitions ${formatCount(coverage.transitions)}, states ${formatCount(coverage.states)}, requirements ${formatCount(coverage.requirements)}.`,
  ]
  const missed = [
    ...coverage.transitions.missed.map((item) => `- transition \`${item.label}\``),
    ...coverage.states.missed.map((item) => `- state \`${item.id}\``),
    ...coverage.requirements.missed.map((item) => `- requirement ${item.id}: ${item.label}`),
  ]
  if (missed.length > 0) lines.push('', 'Not reached:', '', ...missed)
  return lines
}

/** Events a path's heading names before it only counts them: a long walk gets a short title. */
const headingEvents = 8

function pathHeading(entry: MachineEntry, machinePath: MachinePath): string {
  const steps = machinePath.steps.length - 1
  if (steps <= headingEvents) return pathSentence(entry, machinePath)
  return `reaches ${stateChangeLabel(machinePath.state)} after ${steps} steps`
}

/** What a strategy misses, said on stderr so it is seen whatever the output is piped to. */
function warnAboutMisses(strategy: PathStrategy, coverage: Coverage): void {
  const { transitions, states } = coverage
  if (transitions.missed.length === 0 && states.missed.length === 0) return
  const parts = [
    `${transitions.covered} of ${transitions.total} transitions`,
    `${states.covered} of ${states.total} states`,
  ]
  const remedy =
    strategy === 'cover'
      ? 'the rest cannot be reached within the traversal bound of the samples'
      : strategy === 'random'
        ? 'a longer or --weighted walk, or --strategy cover, takes the rest'
        : '--strategy cover takes every reachable one'
  console.warn(`Warning: ${strategy} paths take only ${parts.join(' and ')}; ${remedy}.`)
}

function toMarkdown(
  entry: MachineEntry,
  strategy: PathStrategy,
  paths: MachinePath[],
  coverage: Coverage,
): string {
  const descriptions = new Map(listTransitions(entry.machine).map((t) => [t.key, t.description]))
  const lines = [`# ${entry.id}: ${strategy} paths`, '', `${paths.length} paths.`, '']
  lines.push(...coverageSummary(coverage), '')
  paths.forEach((machinePath, index) => {
    lines.push(`## ${index + 1}. ${pathHeading(entry, machinePath)}`, '')
    lines.push(`Starts in \`${stateLabel(machinePath.steps[0]?.state ?? machinePath.state)}\`.`, '')
    for (let step = 1; step < machinePath.steps.length; step++) {
      const before = machinePath.steps[step - 1]
      const current = machinePath.steps[step]
      if (!before || !current) continue
      const { type, ...payload } = current.event
      const said = transitionKeysOf(entry.machine, before.state, current.event)
        .map((key) => descriptions.get(key) ?? '')
        .filter(Boolean)
        .join(' ')
      const json = JSON.stringify(payload)
      const data = json === '{}' ? '' : ` \`${json}\``
      lines.push(
        `${step}. **${describeEventType(entry, type)}**${data}: ${said} → \`${stateLabel(current.state)}\``,
      )
    }
    lines.push('')
  })
  return lines.join('\n')
}

function toJson(
  entry: MachineEntry,
  strategy: PathStrategy,
  paths: MachinePath[],
  coverage: Coverage,
  random: RandomOptions | null,
): string {
  return JSON.stringify(
    {
      machine: entry.id,
      strategy,
      ...(random ? { random } : {}),
      coverage,
      paths: paths.map((machinePath) => ({
        name: pathSentence(entry, machinePath),
        transitions: transitionKeysOfPath(entry, machinePath),
        steps: machinePath.steps.map((step) => ({
          event: step.event,
          state: step.state.value,
          context: step.state.context,
        })),
      })),
    },
    null,
    2,
  )
}

/**
 * Rewrites the golden records of the machines named (all without a name): what their path tests
 * expect from now on. Run it on purpose, after a change of behaviour, and review the diff.
 */
async function updateGoldens(ids: readonly string[]): Promise<void> {
  const unknown = ids.filter((id) => !machines.some((entry) => entry.id === id))
  if (unknown.length > 0) usage(`No machine "${unknown.join('", "')}".`)
  const chosen = ids.length === 0 ? machines : machines.filter((entry) => ids.includes(entry.id))
  await mkdir(path.join(root, path.dirname(goldenFile('x'))), { recursive: true })
  for (const entry of chosen) {
    const file = goldenFile(entry.id)
    const golden = await recordGolden(entry)
    const config = (await resolveConfig(path.join(root, file))) ?? {}
    const text = await format(JSON.stringify(golden), { ...config, parser: 'json' })
    const before = await readFile(path.join(root, file), 'utf8').catch(() => null)
    await writeFile(path.join(root, file), text)
    const steps = golden.paths.reduce((sum, goldenPath) => sum + goldenPath.steps.length - 1, 0)
    const what = before === null ? 'new' : before === text ? 'unchanged' : 'changed'
    console.info(`${file}: ${golden.paths.length} paths, ${steps} steps (${what})`)
  }
}

async function main(): Promise<void> {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      strategy: { type: 'string', default: 'cover' },
      format: { type: 'string', default: 'md' },
      seed: { type: 'string' },
      until: { type: 'string' },
      length: { type: 'string' },
      weighted: { type: 'boolean', default: false },
      emit: { type: 'string' },
      update: { type: 'boolean', default: false },
      out: { type: 'string' },
      help: { type: 'boolean', default: false },
    },
  })
  if (values.help) usage('Prints the generated test paths of a machine.')
  if (values.update) {
    await updateGoldens(positionals)
    return
  }
  const id = positionals[0]
  if (!id) {
    process.stdout.write(`${listing()}\n`)
    return
  }
  const entry = machines.find((candidate) => candidate.id === id)
  if (!entry) usage(`No machine "${id}".`)
  const strategy = values.strategy as PathStrategy
  if (!strategies.includes(strategy)) usage(`Unknown strategy "${values.strategy}".`)
  if (values.format !== 'md' && values.format !== 'json') usage('--format is md or json.')
  const until = values.until as CoverageTarget | undefined
  if (until !== undefined && !targets.includes(until)) usage(`--until is ${targets.join(', ')}.`)
  if (strategy !== 'random' && (until || values.length || values.weighted || values.seed)) {
    usage('--seed, --until, --length and --weighted shape random walks: add --strategy random.')
  }
  const length = wholeNumber(values.length, 'length')
  const random: RandomOptions | null =
    strategy === 'random'
      ? {
          seed: wholeNumber(values.seed, 'seed') ?? 1,
          ...(until ? { until } : {}),
          ...(length !== undefined ? { length } : {}),
          ...(values.weighted ? { weighted: true } : {}),
        }
      : null
  const paths = pathsFor(entry, strategy, random ?? undefined)

  if (values.emit !== undefined) {
    if (values.emit !== 'vitest') usage('--emit takes vitest.')
    const outFile = values.out
      ? path.relative(root, path.resolve(values.out)).split(path.sep).join('/')
      : `tests/machines/${entry.id}.${strategy}-paths.test.ts`
    const definition = await findEntryModule(entry)
    const command = ['npm run paths --', entry.id, '--strategy', strategy]
    if (random) {
      command.push('--seed', String(random.seed))
      if (random.until) command.push('--until', random.until)
      if (random.length !== undefined) command.push('--length', String(random.length))
      if (random.weighted) command.push('--weighted')
    }
    command.push('--emit vitest')
    const recorded = []
    for (const machinePath of paths) {
      recorded.push({ path: machinePath, steps: await recordPath(entry, machinePath) })
    }
    const source = await emitVitest(entry, recorded, {
      label: `${strategy} path`,
      command: command.join(' '),
      targets: {
        outFile,
        entryModule: definition.module,
        entryExport: definition.exportName,
        harnessModule,
      },
    })
    if (values.out) {
      await writeFile(path.join(root, outFile), source)
      console.info(`Wrote ${paths.length} ${paths.length === 1 ? 'test' : 'tests'} to ${outFile}.`)
    } else {
      process.stdout.write(source)
    }
    return
  }

  const coverage = coverageOf(entry, reachedByPaths(entry, paths))
  warnAboutMisses(strategy, coverage)
  const walked = paths.reduce((sum, machinePath) => sum + machinePath.steps.length - 1, 0)
  if (random && random.length === undefined && walked >= maxWalkSteps) {
    console.warn(
      `The walk stopped after ${maxWalkSteps} steps before covering every ${random.until?.replace(/s$/, '') ?? 'transition'}; --weighted walks toward what is missing.`,
    )
  }
  const output =
    values.format === 'json'
      ? toJson(entry, strategy, paths, coverage, random)
      : toMarkdown(entry, strategy, paths, coverage)
  process.stdout.write(`${output}\n`)
}

await main()
