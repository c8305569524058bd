/**
 * `npm run check`: the inner loop's gate, the part of `npm test` that needs no server, no database
 * and no browser: the typecheck, the lint and format checks, and the unit and machine suites.
 *
 * The three run side by side (tsc and eslint use one core each, and the suites' workers take
 * what is left), each answer is printed whole when its part ends, with its time, and the check
 * fails when any part fails. tsc, eslint and prettier keep their caches in node_modules/.cache,
 * so a second run only looks at what changed (docs/testing.md has the figures).
 */
import { spawn } from 'node:child_process'
import { performance } from 'node:perf_hooks'
import { bin, root } from './lib/server-process'

interface Part {
  name: string
  command: string
  args: string[]
}

const parts: Part[] = [
  { name: 'typecheck', command: 'npm', args: ['run', '-s', 'typecheck'] },
  { name: 'lint and format', command: 'npm', args: ['run', '-s', 'lint'] },
  {
    name: 'unit and machine suites',
    command: bin('vitest'),
    args: ['run', '--project', 'unit', '--project', 'machines', ...process.argv.slice(2)],
  },
]

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`

function run(part: Part): Promise<{ part: Part; code: number; ms: number }> {
  const started = performance.now()
  return new Promise((done) => {
    const child = spawn(part.command, part.args, {
      cwd: root,
      env: { ...process.env, FORCE_COLOR: process.stdout.isTTY ? '1' : '0' },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    // Buffered, so that three parts' lines do not interleave.
    let output = ''
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()))
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()))
    const finish = (code: number) => {
      const ms = performance.now() - started
      const verdict = code === 0 ? 'passed' : `FAILED (exit ${code})`
      console.info(`\n==== ${part.name}: ${verdict} in ${seconds(ms)} ====`)
      if (output.trim().length > 0) console.info(output.trimEnd())
      done({ part, code, ms })
    }
    child.on('exit', (code, signal) => finish(code ?? (signal ? 1 : 0)))
    child.on('error', (error) => {
      output += String(error)
      finish(1)
    })
  })
}

const started = performance.now()
const results = await Promise.all(parts.map(run))
const failed = results.filter((result) => result.code !== 0)
console.info(
  `\ncheck: ${failed.length === 0 ? 'passed' : `${failed.map((r) => r.part.name).join(', ')} failed`} ` +
    `in ${seconds(performance.now() - started)} (${results
      .map((r) => `${r.part.name} ${seconds(r.ms)}`)
      .join(', ')})`,
)
process.exitCode = failed.length === 0 ? 0 : 1
