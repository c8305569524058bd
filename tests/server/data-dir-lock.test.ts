import { spawn } from 'node:child_process'
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import {
  acquireDataDirLock,
  DataDirLockedError,
  LOCK_SOCKET_NAME,
  lockWithKernelName,
  lockWithSocketFile,
  type DataDirLock,
} from '../../server/db/data-dir-lock'

const folders: string[] = []
const held: DataDirLock[] = []

function tempDir() {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'tery-lock-'))
  folders.push(dir)
  return dir
}

afterEach(async () => {
  for (const lock of held.splice(0)) await lock.release()
  for (const dir of folders.splice(0)) rmSync(dir, { recursive: true, force: true })
})

async function hold(lock: Promise<DataDirLock>) {
  const taken = await lock
  held.push(taken)
  return taken
}

/** A separate process that takes the lock through the real module and reports it on stdout. */
function childHoldingLock(dir: string, lockName: 'lockWithKernelName' | 'lockWithSocketFile') {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', path.resolve('tests/server/support/hold-data-dir-lock.ts'), dir, lockName],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  )
  const locked = new Promise<void>((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('locked')) resolve()
    })
    child.once('exit', (code) => reject(new Error(`the child exited with ${code} before locking`)))
  })
  const exited = new Promise<NodeJS.Signals | null>((resolve) => {
    child.once('exit', (_code, signal) => resolve(signal))
  })
  return { child, locked, exited }
}

describe.each([
  ['the kernel-named socket (Linux, Windows)', lockWithKernelName],
  ['the socket file (other systems)', lockWithSocketFile],
])('DATA_DIR lock through %s', (_, lock) => {
  it('refuses a second holder with the Spanish message while the first holds it', async () => {
    const dir = tempDir()
    await hold(lock(dir))
    const second = lock(dir)
    await expect(second).rejects.toBeInstanceOf(DataDirLockedError)
    await expect(second).rejects.toThrow(
      `La carpeta de datos ${dir} ya está en uso por otro proceso de Tery`,
    )
  })

  it('can be taken again once released, and released twice safely', async () => {
    const dir = tempDir()
    const first = await lock(dir)
    await first.release()
    await first.release()
    await hold(lock(dir))
  })

  it('is not blocked by a stale lock file holding a live pid', async () => {
    const dir = tempDir()
    // The pid-file lock of earlier versions, and a regular file where the socket file goes.
    writeFileSync(path.join(dir, 'tery-server.lock'), `${process.pid}\n`)
    writeFileSync(path.join(dir, LOCK_SOCKET_NAME), `${process.pid}\n`)
    await hold(lock(dir))
  })
})

describe('DATA_DIR lock', () => {
  it('creates the folder it locks', async () => {
    const dir = path.join(tempDir(), 'nueva', 'carpeta')
    await hold(acquireDataDirLock(dir))
    expect(existsSync(dir)).toBe(true)
  })

  it('locks one folder, not its neighbours', async () => {
    await hold(acquireDataDirLock(tempDir()))
    await hold(acquireDataDirLock(tempDir()))
  })

  it.each([
    ['lockWithKernelName', lockWithKernelName],
    ['lockWithSocketFile', lockWithSocketFile],
  ] as const)(
    'is free at once after its holder is killed with SIGKILL (%s)',
    async (name, lock) => {
      const dir = tempDir()
      const { child, locked, exited } = childHoldingLock(dir, name)
      try {
        await locked
        await expect(lock(dir)).rejects.toBeInstanceOf(DataDirLockedError)
        child.kill('SIGKILL')
        expect(await exited).toBe('SIGKILL')
        await hold(lock(dir))
      } finally {
        child.kill('SIGKILL')
      }
    },
    20_000,
  )
})
