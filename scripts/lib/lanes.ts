/**
 * Runs commands in lanes side by side: the parts of one lane one after another, the lanes at once.
 * `npm run check` and `npm test` are both lanes of this runner (scripts/check.ts, scripts/test.ts).
 *
 * Each part's output is buffered and printed whole when it ends, with its time, so parts' lines
 * never interleave. The first part that fails stops the rest: no lane starts another part, and the
 * parts still running are sent SIGTERM (their whole process group: the E2E runner's server and
 * browsers too), so a typing error is reported in a minute, not after the browser journeys.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { performance } from 'node:perf_hooks'
import { root } from './server-process'

export interface Part {
  name: string
  command: string
  args: string[]
  env?: NodeJS.ProcessEnv
}

type Outcome = 'passed' | 'failed' | 'stopped' | 'not run'

interface Result {
  part: Part
  outcome: Outcome
  ms: number
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`

/** Runs the lanes, prints each part's output and a summary line; resolves to the exit code. */
export async function runLanes(title: string, lanes: Part[][]): Promise<number> {
  const started = performance.now()
  const running = new Set<ChildProcess>()
  const results: Result[] = []
  let failed = false
  let interrupted = false

  const stopAll = () => {
    for (const child of running) {
      if (child.pid) {
        try {
          process.kill(-child.pid, 'SIGTERM')
        } catch {
          // Already gone.
        }
      }
    }
  }
  // The parts run in process groups of their own (to be stopped whole), so a Ctrl-C at the
  // terminal reaches only this process: pass it on.
  const onSignal = () => {
    interrupted = true
    stopAll()
  }
  process.on('SIGINT', onSignal)
  process.on('SIGTERM', onSignal)

  const run = (part: Part): Promise<Result> => {
    const partStarted = performance.now()
    console.info(`[${title}] ${part.name}: started at ${seconds(partStarted - started)}`)
    return new Promise((done) => {
      const child = spawn(part.command, part.args, {
        cwd: root,
        env: { ...process.env, FORCE_COLOR: process.stdout.isTTY ? '1' : '0', ...part.env },
        stdio: ['ignore', 'pipe', 'pipe'],
        detached: true,
      })
      running.add(child)
      let output = ''
      child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()))
      child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()))
      let finished = false
      const finish = (code: number) => {
        if (finished) return
        finished = true
        running.delete(child)
        const ms = performance.now() - partStarted
        const outcome: Outcome =
          code === 0 ? 'passed' : failed || interrupted ? 'stopped' : 'failed'
        const verdict = outcome === 'failed' ? `FAILED (exit ${code})` : outcome
        console.info(`\n==== ${part.name}: ${verdict} in ${seconds(ms)} ====`)
        if (output.trim().length > 0) console.info(output.trimEnd())
        if (outcome === 'failed') {
          failed = true
          stopAll()
        }
        done({ part, outcome, ms })
      }
      child.on('close', (code, signal) => finish(code ?? (signal ? 1 : 0)))
      child.on('error', (error) => {
        output += String(error)
        finish(1)
      })
    })
  }

  await Promise.all(
    lanes.map(async (lane) => {
      for (const part of lane) {
        if (failed || interrupted) {
          results.push({ part, outcome: 'not run', ms: 0 })
          continue
        }
        results.push(await run(part))
      }
    }),
  )
  process.off('SIGINT', onSignal)
  process.off('SIGTERM', onSignal)

  const failures = results.filter((result) => result.outcome === 'failed')
  const ok = failures.length === 0 && !interrupted
  const verdict = ok
    ? 'passed'
    : failures.length > 0
      ? `${failures.map((result) => result.part.name).join(', ')} failed`
      : 'interrupted'
  const parts = results
    .map((result) =>
      result.outcome === 'passed' || result.outcome === 'failed'
        ? `${result.part.name} ${seconds(result.ms)}`
        : `${result.part.name} ${result.outcome}`,
    )
    .join(', ')
  console.info(`\n${title}: ${verdict} in ${seconds(performance.now() - started)} (${parts})`)
  return ok ? 0 : 1
}
