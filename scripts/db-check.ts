/**
 * `npm run db:check`: fails when server/db/schema.ts and the checked-in migrations disagree, that
 * is when `npm run db:generate` would write a migration. drizzle-kit generate runs on a copy of
 * server/db/migrations, so the check writes nothing in the tree; a change it finds is printed as
 * the SQL drizzle-kit would add.
 */
import { spawn } from 'node:child_process'
import { cp, mkdir, mkdtemp, readdir, readFile, rm } from 'node:fs/promises'
import path from 'node:path'
import { bin, root } from './lib/server-process'

const migrations = path.join(root, 'server', 'db', 'migrations')

/** Every file of a migrations folder and its content, by path inside the folder. */
async function contentsOf(folder: string): Promise<Map<string, string>> {
  const files = new Map<string, string>()
  for (const entry of await readdir(folder, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue
    const file = path.join(entry.parentPath, entry.name)
    files.set(path.relative(folder, file), await readFile(file, 'utf8'))
  }
  return files
}

function generate(out: string): Promise<{ code: number; output: string }> {
  return new Promise((done) => {
    // drizzle-kit reads --out relative to the working directory, so the copy lives under root.
    const args = ['generate', '--dialect', 'postgresql', '--schema', './server/db/schema.ts']
    const child = spawn(bin('drizzle-kit'), [...args, '--out', path.relative(root, out)], {
      cwd: root,
      // No terminal: a change drizzle-kit cannot tell from a rename (it would ask) is a failure.
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let output = ''
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()))
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()))
    child.on('exit', (code, signal) => done({ code: code ?? (signal ? 1 : 0), output }))
    child.on('error', (error) => done({ code: 1, output: String(error) }))
  })
}

async function main(): Promise<number> {
  const cache = path.join(root, 'node_modules', '.cache')
  await mkdir(cache, { recursive: true })
  const scratch = await mkdtemp(path.join(cache, 'tery-db-check-'))
  try {
    const copy = path.join(scratch, 'migrations')
    await cp(migrations, copy, { recursive: true })
    const before = await contentsOf(copy)
    const { code, output } = await generate(copy)
    if (code !== 0) {
      console.error(`drizzle-kit generate failed (exit ${code}):\n${output}`)
      return 1
    }
    const after = await contentsOf(copy)
    const changed = [...after].filter(([file, content]) => before.get(file) !== content)
    if (changed.length > 0) {
      console.error(
        'server/db/schema.ts differs from server/db/migrations: run `npm run db:generate` and commit the migration.',
      )
      for (const [file, content] of changed) {
        if (file.endsWith('.sql')) console.error(`\n${file} would be:\n${content}`)
      }
      return 1
    }
    // drizzle-kit exits 0 even when it stops at a question (a rename or a new column?) it cannot
    // ask without a terminal: only its own "no changes" counts as agreement.
    if (!output.includes('No schema changes')) {
      console.error(
        `drizzle-kit generate did not confirm that server/db/schema.ts and server/db/migrations agree; run \`npm run db:generate\`:\n${output}`,
      )
      return 1
    }
    console.info('server/db/schema.ts and server/db/migrations agree.')
    return 0
  } finally {
    await rm(scratch, { recursive: true, force: true })
  }
}

process.exitCode = await main()
