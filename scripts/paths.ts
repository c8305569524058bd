/**
 * Prints the generated test paths of one machine, for testers:
 *   npm run paths -- <machine> [--strategy shortest|simple|cover|random] [--format md|json]
 *                              [--seed N] [--walks N] [--length N]
 */
import { parseArgs } from 'node:util'
import { machines } from '../machines/index'
import type { MachineEntry } from '../machines/shared/machine-entry'
import {
  describeEventType,
  listTransitions,
  pathSentence,
  pathsFor,
  stateLabel,
  transitionKeysOf,
  transitionKeysOfPath,
} from './lib/machine-graph'
import type { MachinePath, PathStrategy } from './lib/machine-graph'

const strategies: PathStrategy[] = ['shortest', 'simple', 'cover', 'random']

function usage(message: string): never {
  console.error(
    `${message}\n\nUsage: npm run paths -- <machine> [--strategy ${strategies.join('|')}] [--format md|json] [--seed N] [--walks N] [--length N]\nMachines: ${machines.map((entry) => entry.id).join(', ')}`,
  )
  process.exit(1)
}

function positiveInteger(value: string | undefined, name: string, fallback: number): number {
  if (value === undefined) return fallback
  const parsed = Number(value)
  if (!Number.isInteger(parsed) || parsed < 0) usage(`--${name} must be a whole number`)
  return parsed
}

function toMarkdown(entry: MachineEntry, strategy: PathStrategy, paths: MachinePath[]): string {
  const descriptions = new Map(listTransitions(entry.machine).map((t) => [t.key, t.description]))
  const covered = new Set(paths.flatMap((path) => transitionKeysOfPath(entry, path)))
  const total = listTransitions(entry.machine).length
  const lines = [
    `# ${entry.id}: ${strategy} paths`,
    '',
    `${paths.length} paths, taking ${covered.size}/${total} transitions.`,
    '',
  ]
  paths.forEach((path, index) => {
    lines.push(`## ${index + 1}. ${pathSentence(entry, path)}`, '')
    lines.push(`Starts in \`${stateLabel(path.steps[0]?.state ?? path.state)}\`.`, '')
    for (let step = 1; step < path.steps.length; step++) {
      const before = path.steps[step - 1]
      const current = path.steps[step]
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

function toJson(entry: MachineEntry, strategy: PathStrategy, paths: MachinePath[]): string {
  return JSON.stringify(
    {
      machine: entry.id,
      strategy,
      paths: paths.map((path) => ({
        name: pathSentence(entry, path),
        steps: path.steps.map((step) => ({
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

function main(): void {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      strategy: { type: 'string', default: 'shortest' },
      format: { type: 'string', default: 'md' },
      seed: { type: 'string' },
      walks: { type: 'string' },
      length: { type: 'string' },
    },
  })
  const id = positionals[0]
  if (!id) usage('Name a machine.')
  const entry = machines.find((candidate) => candidate.id === id)
  if (!entry) usage(`No machine "${id}".`)
  const strategy = values.strategy as PathStrategy
  if (!strategies.includes(strategy)) usage(`Unknown strategy "${values.strategy}".`)
  if (values.format !== 'md' && values.format !== 'json') usage('--format is md or json.')
  const paths = pathsFor(entry, strategy, {
    seed: positiveInteger(values.seed, 'seed', 1),
    walks: positiveInteger(values.walks, 'walks', 5),
    length: positiveInteger(values.length, 'length', 12),
  })
  const output =
    values.format === 'json' ? toJson(entry, strategy, paths) : toMarkdown(entry, strategy, paths)
  process.stdout.write(`${output}\n`)
}

main()
