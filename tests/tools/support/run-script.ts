import { spawn } from 'node:child_process'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

export const root = fileURLToPath(new URL('../../..', import.meta.url))

export type ScriptResult = { code: number; stdout: string; stderr: string }

/** Runs a command from the repository's root, as `npm run` would, and collects its output. */
export function run(command: string, args: readonly string[]): Promise<ScriptResult> {
  return new Promise((resolve, reject) => {
    // A Vitest started from a test must not believe it is one of this run's workers.
    const env = Object.fromEntries(
      Object.entries(process.env).filter(([name]) => !name.startsWith('VITEST')),
    )
    const child = spawn(command, args, { cwd: root, env: { ...env, FORCE_COLOR: '0' } })
    let stdout = ''
    let stderr = ''
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()))
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
    child.on('error', reject)
    child.on('close', (code) => resolve({ code: code ?? 1, stdout, stderr }))
  })
}

/** `tsx scripts/<name>.ts ...args`: one of the project's own commands. */
export function runScript(name: string, args: readonly string[]): Promise<ScriptResult> {
  return run(path.join(root, 'node_modules', '.bin', 'tsx'), [
    path.join(root, 'scripts', `${name}.ts`),
    ...args,
  ])
}
