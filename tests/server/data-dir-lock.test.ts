import { spawnSync } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import {
  acquireDataDirLock,
  DataDirLockedError,
  LOCK_FILE_NAME,
} from '../../server/db/data-dir-lock'

const folders: string[] = []
function tempDir() {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'tery-lock-'))
  folders.push(dir)
  return dir
}

afterEach(() => {
  for (const dir of folders.splice(0)) rmSync(dir, { recursive: true, force: true })
})

describe('DATA_DIR lock', () => {
  it('creates the folder and records the holder pid', () => {
    const dir = path.join(tempDir(), 'nueva')
    const lock = acquireDataDirLock(dir)
    expect(readFileSync(path.join(dir, LOCK_FILE_NAME), 'utf8').trim()).toBe(String(process.pid))
    lock.release()
  })

  it('refuses a second holder with a clear message while the first is alive', () => {
    const dir = tempDir()
    const lock = acquireDataDirLock(dir)
    expect(() => acquireDataDirLock(dir)).toThrow(DataDirLockedError)
    expect(() => acquireDataDirLock(dir)).toThrow(
      `La carpeta de datos ${dir} ya está en uso por otro servidor (pid ${process.pid})`,
    )
    lock.release()
  })

  it('can be taken again once released', () => {
    const dir = tempDir()
    acquireDataDirLock(dir).release()
    expect(existsSync(path.join(dir, LOCK_FILE_NAME))).toBe(false)
    const again = acquireDataDirLock(dir)
    again.release()
    again.release()
  })

  it('takes over a lock left by a process that no longer runs', () => {
    const dir = tempDir()
    // The pid of a process that has already exited.
    const gone = spawnSync(process.execPath, ['-e', 'process.exit(0)']).pid
    writeFileSync(path.join(dir, LOCK_FILE_NAME), `${gone}\n`)
    const lock = acquireDataDirLock(dir)
    expect(readFileSync(path.join(dir, LOCK_FILE_NAME), 'utf8').trim()).toBe(String(process.pid))
    lock.release()
  })

  it('takes over an unreadable lock file', () => {
    const dir = tempDir()
    writeFileSync(path.join(dir, LOCK_FILE_NAME), 'basura')
    acquireDataDirLock(dir).release()
  })
})
