/**
 * `npm run machines:diff -- <git-ref>`: what changed in every machine since that ref (states and
 * transitions added, removed or retargeted, guards, actions, effects, money marks, requirements
 * and descriptions changed), as Markdown to paste into a review.
 *
 * The machines at the ref are extracted with `git archive` into a folder under
 * node_modules/.cache (so their imports resolve to this checkout's packages), with the ref's
 * package.json so they load as the same kind of module, and both they and the working tree's
 * are read the same way, each in a child process: `tsx scripts/machines-diff.ts --describe
 * <folder>` prints their models as JSON. A diff of HEAD against an unchanged tree is empty.
 */
import { spawn } from 'node:child_process'
import { mkdir, mkdtemp, rm } from 'node:fs/promises'
import path from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import type { AnyStateMachine } from 'xstate'
import { describeMachine } from './lib/machine-model'
import type { MachineModel } from './lib/machine-model'
import { diffMachines, diffMarkdown } from './lib/machine-diff'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
/** What a machine needs at any ref: itself, the contract, and what older machines imported. */
const sourceFolders = ['machines', 'contract', 'src']
/** What says how the folders' .ts files load (ES modules); kept from the ref, like them. */
const moduleFiles = ['package.json', 'tsconfig.json']

function run(command: string, args: string[]) {
  return new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
    const child = spawn(command, args, { cwd: root })
    let stdout = ''
    let stderr = ''
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()))
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
    child.on('error', (error) => resolve({ code: 1, stdout, stderr: error.message }))
    child.on('close', (code) => resolve({ code: code ?? 1, stdout, stderr }))
  })
}

function isMachine(value: unknown): value is AnyStateMachine {
  return typeof value === 'object' && value !== null && 'root' in value && 'config' in value
}

/** The machines a registry module lists, whatever shape its entries had at that ref. */
function machinesOf(registry: unknown): AnyStateMachine[] {
  const list = Array.isArray(registry)
    ? registry
    : typeof registry === 'object' && registry !== null
      ? Object.values(registry)
      : []
  return list.flatMap((item: unknown) => {
    if (isMachine(item)) return [item]
    const machine = (item as { machine?: unknown } | null)?.machine
    return isMachine(machine) ? [machine] : []
  })
}

/** `--describe <folder>`: prints the models of the registry in that checkout, as JSON. */
async function describe(folder: string): Promise<void> {
  const registry = (await import(
    pathToFileURL(path.join(folder, 'machines', 'index.ts')).href
  )) as {
    machines?: unknown
  }
  const models = machinesOf(registry.machines).map(describeMachine)
  process.stdout.write(JSON.stringify(models))
}

/** The models of the machines in a checkout folder, read by a child process. */
async function modelsIn(folder: string, what: string): Promise<MachineModel[]> {
  const tsx = path.join(root, 'node_modules', '.bin', 'tsx')
  const child = await run(tsx, [
    path.join(root, 'scripts', 'machines-diff.ts'),
    '--describe',
    folder,
  ])
  if (child.code !== 0) {
    throw new Error(`the machines at ${what} could not be loaded:\n${child.stderr.trim()}`)
  }
  return JSON.parse(child.stdout) as MachineModel[]
}

async function modelsAt(ref: string): Promise<MachineModel[]> {
  const tree = await run('git', ['ls-tree', '--name-only', ref])
  const names = tree.stdout.split('\n')
  const folders = sourceFolders.filter((folder) => names.includes(folder))
  if (!folders.includes('machines')) throw new Error(`${ref} has no machines/ folder`)
  const cache = path.join(root, 'node_modules', '.cache')
  await mkdir(cache, { recursive: true })
  const folder = await mkdtemp(path.join(cache, 'machines-diff-'))
  try {
    const files = [...folders, ...moduleFiles.filter((file) => names.includes(file))]
    const archive = await run('sh', [
      '-c',
      `git archive --format=tar "$0" -- "$@" | tar -x -C "${folder}"`,
      ref,
      ...files,
    ])
    if (archive.code !== 0) throw new Error(`git archive ${ref} failed: ${archive.stderr.trim()}`)
    return await modelsIn(folder, ref)
  } finally {
    await rm(folder, { recursive: true, force: true })
  }
}

async function main(): Promise<void> {
  const args = process.argv.slice(2)
  if (args[0] === '--describe' && args[1]) {
    await describe(args[1])
    return
  }
  const ref = args[0]
  if (!ref || ref.startsWith('-')) {
    console.error('Usage: npm run machines:diff -- <git-ref>   (a branch, a tag or a commit)')
    process.exit(1)
  }
  const resolved = await run('git', ['rev-parse', '--verify', '--short', `${ref}^{commit}`])
  if (resolved.code !== 0) {
    console.error(`"${ref}" is not a commit this repository knows.`)
    process.exit(1)
  }
  const [before, after] = await Promise.all([modelsAt(ref), modelsIn(root, 'the working tree')])
  const changes = diffMachines(before, after)
  const changed = new Set(changes.map((change) => change.id))
  const unchanged = after.map((model) => model.id).filter((id) => !changed.has(id))
  process.stdout.write(diffMarkdown(changes, `\`${ref}\` (${resolved.stdout.trim()})`, unchanged))
}

await main()
