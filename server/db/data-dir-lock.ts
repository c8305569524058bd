import fs from 'node:fs'
import path from 'node:path'

/** Thrown when another live process already holds the lock on a data folder. */
export class DataDirLockedError extends Error {
  constructor(
    readonly dataDir: string,
    readonly pid: number,
  ) {
    super(
      `La carpeta de datos ${dataDir} ya está en uso por otro servidor (pid ${pid}). ` +
        'Detén ese servidor o usa otra carpeta con DATA_DIR: dos procesos sobre la misma base ' +
        'embebida la corromperían.',
    )
    this.name = 'DataDirLockedError'
  }
}

export type DataDirLock = {
  file: string
  /** Removes the lock file if this process still owns it. Safe to call more than once. */
  release: () => void
}

export const LOCK_FILE_NAME = 'tery-server.lock'

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    // EPERM: the process exists but belongs to someone else, so it is alive.
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}

function readPid(file: string): number | null {
  try {
    const pid = Number.parseInt(fs.readFileSync(file, 'utf8').trim(), 10)
    return Number.isInteger(pid) && pid > 0 ? pid : null
  } catch {
    return null
  }
}

/**
 * Takes an exclusive lock on an embedded-database folder: a lock file created with O_EXCL holding
 * this process's pid. A lock left by a process that no longer runs is taken over; a live holder
 * (including this very process) makes it throw DataDirLockedError.
 */
export function acquireDataDirLock(dataDir: string): DataDirLock {
  fs.mkdirSync(dataDir, { recursive: true })
  const file = path.join(dataDir, LOCK_FILE_NAME)
  for (let attempt = 0; attempt < 2; attempt += 1) {
    try {
      fs.writeFileSync(file, `${process.pid}\n`, { flag: 'wx' })
      let released = false
      return {
        file,
        release: () => {
          if (released) return
          released = true
          if (readPid(file) === process.pid) fs.rmSync(file, { force: true })
        },
      }
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
      const holder = readPid(file)
      if (holder !== null && isAlive(holder)) throw new DataDirLockedError(dataDir, holder)
      // The previous holder died without cleaning up (crash, kill -9): the lock is stale.
      fs.rmSync(file, { force: true })
    }
  }
  throw new DataDirLockedError(dataDir, readPid(file) ?? 0)
}
