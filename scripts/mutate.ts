/**
 * `npm run mutate [-- <machine>...]`: how many single changes to a machine its tests notice.
 *
 * For each machine (the nine of the design card by default, `--all` for every registered one)
 * it lists the mutants (scripts/lib/mutation: machine-level operators on the config and the
 * named implementations, and the boundary of every comparison in the machine's file), writes a
 * fresh cover suite from the unchanged machine (`npm run paths -- <id> --emit vitest`), then runs
 * the project's suite for the machine (`tests/machines/<id>.test.ts`) and the fresh suite once
 * per mutant in one Vitest process. A mutant is killed by a suite when a test of it fails.
 * Mutants listed in scripts/lib/mutation/equivalent-mutants.ts (reviewed: no test can tell them
 * apart from the machine) are counted apart, never silently dropped.
 *
 * Prints, per machine, killed/total of the non-equivalent mutants for each suite, the
 * survivors, and the equivalents; exits 1 when a goal is missed (the fresh suite kills at least
 * 90%, the project's suite at least 95%) or a listed equivalent is killed (it was not one).
 */
import { mkdir, rm, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { parseArgs } from 'node:util'
import { createVitest } from 'vitest/node'
import type { TestModule } from 'vitest/node'
import { machines } from '../machines/index'
import type { MachineEntry } from '../machines/shared/machine-entry'
import { recordPath } from '../tests/machines/support/golden'
import { emitVitest, harnessModule } from './lib/emit-vitest'
import { findEntryModule } from './lib/entry-module'
import { coverPaths } from './lib/machine-graph'
import type { ActiveMutant } from './lib/mutation/active-mutant'
import { equivalentMutants } from './lib/mutation/equivalent-mutants'
import { machineMutants } from './lib/mutation/machine-mutants'
import type { MachineMutant } from './lib/mutation/machine-mutants'
import { mutationPlugin, sourceMutants } from './lib/mutation/mutation-plugin'
import { textTable } from './lib/text-table'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const workFolder = 'test-results/mutate'

/** The machines the design card names: the goal holds on each. */
export const cardMachines = [
  'session',
  'ui',
  'mission-tile',
  'video-mission',
  'social-account',
  'mining-mode',
  'trading-offer',
  'coupon',
  'gem-transfer',
]

const goals = { emitted: 0.9, project: 0.95 }

type Suite = 'project' | 'emitted'

type Outcome = { mutant: MachineMutant & { active: ActiveMutant }; killedBy: Set<Suite> }

function usage(message: string): never {
  console.error(
    [
      message,
      '',
      'Usage: npm run mutate [-- <machine>...] [--all]',
      `Machines: ${machines.map((entry) => entry.id).join(', ')}`,
    ].join('\n'),
  )
  process.exit(1)
}

/** Writes the cover suite a tester would emit today, from the machine as it is. */
async function emitFreshSuite(entry: MachineEntry): Promise<string> {
  const outFile = `${workFolder}/${entry.id}.emitted.test.ts`
  const definition = await findEntryModule(entry)
  const recorded = []
  for (const machinePath of coverPaths(entry)) {
    recorded.push({ path: machinePath, steps: await recordPath(entry, machinePath) })
  }
  const source = await emitVitest(entry, recorded, {
    label: 'cover path',
    command: `npm run paths -- ${entry.id} --emit vitest`,
    targets: {
      outFile,
      entryModule: definition.module,
      entryExport: definition.exportName,
      harnessModule,
    },
  })
  await writeFile(path.join(root, outFile), source)
  return path.join(root, outFile)
}

function percent(killed: number, total: number): string {
  return total === 0 ? '—' : `${Math.floor((killed / total) * 1000) / 10}%`
}

async function main(): Promise<void> {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: { all: { type: 'boolean', default: false }, help: { type: 'boolean' } },
  })
  if (values.help) usage('Runs the mutants of the machines against their suites.')
  const unknown = positionals.filter((id) => !machines.some((entry) => entry.id === id))
  if (unknown.length > 0) usage(`No machine "${unknown.join('", "')}".`)
  const ids =
    positionals.length > 0
      ? positionals
      : values.all
        ? machines.map((entry) => entry.id)
        : cardMachines

  await rm(path.join(root, workFolder), { recursive: true, force: true })
  await mkdir(path.join(root, workFolder), { recursive: true })
  const suites = new Map<string, { project: string; emitted: string }>()
  for (const id of ids) {
    const entry = machines.find((candidate) => candidate.id === id) as MachineEntry
    suites.set(id, {
      project: path.join(root, 'tests', 'machines', `${id}.test.ts`),
      emitted: await emitFreshSuite(entry),
    })
  }

  const vitest = await createVitest(
    'test',
    {
      config: false,
      root,
      watch: false,
      // No reporter: this script prints its own table.
      reporters: [{}],
      include: ['tests/machines/**/*.test.ts', `${workFolder}/*.test.ts`],
      setupFiles: ['tests/setup/fail-on-console.ts'],
      environment: 'node',
      // One worker that keeps its modules from run to run: a machine stands for its mutants
      // (`mutatedExport`), so nothing is imported again for a mutant.
      pool: 'threads',
      isolate: false,
      maxWorkers: 1,
      // The first failing test decides: the rest of a killed suite's run is not needed.
      bail: 1,
    },
    { plugins: [mutationPlugin()] },
  )
  await vitest.standalone()
  /** Whether a suite fails with the mutant on: it stops at its first failing test (`bail`). */
  const fails = async (file: string, mutant: ActiveMutant | null) => {
    vitest.provide('teryMutant', mutant)
    const result = await vitest.runTestFiles([file])
    const module = result.testModules.find((item: TestModule) => item.moduleId === file)
    return !module || !module.ok()
  }
  const run = async (id: string, mutant: ActiveMutant | null) => {
    const files = suites.get(id) as { project: string; emitted: string }
    return {
      project: await fails(files.project, mutant),
      emitted: await fails(files.emitted, mutant),
    }
  }

  const rows: string[][] = []
  const details: string[] = []
  let missed = false
  const started = Date.now()
  for (const id of ids) {
    const entry = machines.find((candidate) => candidate.id === id) as MachineEntry
    const baseline = await run(id, null)
    if (baseline.project || baseline.emitted) {
      throw new Error(`${id}: the suites fail on the unchanged machine; fix them first`)
    }
    const file = `machines/${id}/${id}.machine.ts`
    const mutants = [
      ...machineMutants(entry.machine).map((mutant, index) => ({
        ...mutant,
        active: { kind: 'machine', machine: id, index } as ActiveMutant,
      })),
      ...(sourceMutants.get(file) ?? []).map((mutant, index) => ({
        ...mutant,
        active: { kind: 'source', file, index } as ActiveMutant,
      })),
    ]
    const outcomes: Outcome[] = []
    const machineStarted = Date.now()
    for (const mutant of mutants) {
      const failed = await run(id, mutant.active)
      const killedBy = new Set<Suite>()
      if (failed.project) killedBy.add('project')
      if (failed.emitted) killedBy.add('emitted')
      outcomes.push({ mutant, killedBy })
    }
    const seconds = (Date.now() - machineStarted) / 1000
    const reviewed = equivalentMutants[id] ?? {}
    const equivalent = outcomes.filter(({ mutant }) => mutant.id in reviewed)
    const counted = outcomes.filter(({ mutant }) => !(mutant.id in reviewed))
    const killed = (suite: Suite) => counted.filter(({ killedBy }) => killedBy.has(suite)).length
    const ratio = (suite: Suite) => (counted.length === 0 ? 1 : killed(suite) / counted.length)
    const wronglyEquivalent = equivalent.filter(({ killedBy }) => killedBy.size > 0)
    if (ratio('project') < goals.project || ratio('emitted') < goals.emitted) missed = true
    if (wronglyEquivalent.length > 0) missed = true
    rows.push([
      id,
      String(outcomes.length),
      String(equivalent.length),
      `${killed('project')}/${counted.length} (${percent(killed('project'), counted.length)})`,
      `${killed('emitted')}/${counted.length} (${percent(killed('emitted'), counted.length)})`,
      `${seconds.toFixed(0)} s`,
    ])
    const survivors = (suite: Suite) =>
      counted.filter(({ killedBy }) => !killedBy.has(suite)).map(({ mutant }) => mutant.id)
    const lines = [`## ${id}`]
    for (const suite of ['project', 'emitted'] as const) {
      const list = survivors(suite)
      lines.push(
        `Survived the ${suite === 'project' ? "project's suite" : 'fresh cover suite'}: ${list.length === 0 ? 'none' : ''}`,
        ...list.map((mutant) => `  - ${mutant}`),
      )
    }
    lines.push(
      `Equivalent (reviewed): ${equivalent.length === 0 ? 'none' : ''}`,
      ...equivalent.map(({ mutant }) => `  - ${mutant.id}: ${reviewed[mutant.id]}`),
    )
    for (const { mutant, killedBy } of wronglyEquivalent) {
      lines.push(
        `Listed as equivalent but killed by the ${[...killedBy].join(' and ')} suite: ${mutant.id}`,
      )
    }
    details.push(lines.join('\n'))
    console.info(`${id}: ${outcomes.length} mutants in ${seconds.toFixed(0)} s`)
  }
  await vitest.close()
  console.info(
    [
      '',
      ...details.flatMap((detail) => [detail, '']),
      textTable([
        ['machine', 'mutants', 'equivalent', 'project suite', 'fresh cover suite', 'time'],
        ...rows,
      ]),
      '',
      `Goals: the fresh cover suite kills ${goals.emitted * 100}% of the non-equivalent mutants, the project's suite ${goals.project * 100}%. ${((Date.now() - started) / 1000).toFixed(0)} s in all.`,
    ].join('\n'),
  )
  // Vitest sets the exit code to 1 whenever a mutant's run fails a test, which is the point
  // here: only a missed goal or a killed equivalent decides.
  process.exitCode = missed ? 1 : 0
}

await main()
