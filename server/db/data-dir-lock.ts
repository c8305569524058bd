import { createHash } from 'node:crypto'
import fs from 'node:fs'
import net from 'node:net'
import path from 'node:path'

/** Thrown when another live process already holds the lock on a data folder. */
export class DataDirLockedError extends Error {
  constructor(readonly dataDir: string) {
    super(
      `La carpeta de datos ${dataDir} ya está en uso por otro proceso de Tery (un servidor o la ` +
        'consola de administración). Detén ese proceso o usa otra carpeta con DATA_DIR: dos ' +
        'procesos sobre la misma base embebida la corromperían.',
    )
    this.name = 'DataDirLockedError'
  }
}

export type DataDirLock = {
  /** Frees the folder for another process. Safe to call more than once. */
  release: () => Promise<void>
}

/** The socket file of the fallback lock, inside DATA_DIR. */
export const LOCK_SOCKET_NAME = 'tery-server.sock'

function listen(address: string): Promise<net.Server> {
  return new Promise((resolve, reject) => {
    const server = net.createServer((socket) => socket.destroy())
    server.once('error', reject)
    server.listen(address, () => {
      server.off('error', reject)
      // The lock must not keep the process alive on its own.
      server.unref()
      resolve(server)
    })
  })
}

function asLock(server: net.Server): DataDirLock {
  let closed: Promise<void> | null = null
  return {
    release: () =>
      (closed ??= new Promise<void>((resolve) => {
        server.close(() => resolve())
      })),
  }
}

function isAddressInUse(error: unknown): boolean {
  return (error as NodeJS.ErrnoException).code === 'EADDRINUSE'
}

/** Whether a process answers on a socket file (a file left by a dead one refuses connections). */
function isListening(file: string): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(file)
    socket.once('connect', () => {
      socket.destroy()
      resolve(true)
    })
    socket.once('error', () => resolve(false))
  })
}

/**
 * Linux (and Windows): listens on a socket that has a name but no file, named after the folder's
 * real path: an abstract-namespace Unix socket on Linux, a named pipe on Windows. Only one process
 * can bind a name, and the kernel frees it the moment its holder dies, kill -9 included: nothing
 * on disk, nothing stale, whatever PID the next boot gets.
 */
export async function lockWithKernelName(dataDir: string): Promise<DataDirLock> {
  const digest = createHash('sha256').update(fs.realpathSync(dataDir)).digest('hex')
  const name = `tery-data-${digest.slice(0, 32)}`
  try {
    return asLock(await listen(process.platform === 'win32' ? `\\\\.\\pipe\\${name}` : `\0${name}`))
  } catch (error) {
    if (isAddressInUse(error)) throw new DataDirLockedError(dataDir)
    throw error
  }
}

/**
 * Elsewhere (macOS, BSD): listens on a socket file in the folder. A file whose listener died refuses
 * connections, so it is removed and the lock taken. Two processes finding the same stale file at
 * the same instant could both remove it and bind in turn; that window is a few microseconds.
 */
export async function lockWithSocketFile(dataDir: string): Promise<DataDirLock> {
  const file = path.join(dataDir, LOCK_SOCKET_NAME)
  try {
    return asLock(await listen(file))
  } catch (error) {
    if (!isAddressInUse(error)) throw error
  }
  if (await isListening(file)) throw new DataDirLockedError(dataDir)
  fs.rmSync(file, { force: true })
  try {
    return asLock(await listen(file))
  } catch (error) {
    if (isAddressInUse(error)) throw new DataDirLockedError(dataDir)
    throw error
  }
}

/**
 * Takes an exclusive lock on an embedded-database folder (creating the folder), released by the
 * operating system when this process ends however it ends. Throws DataDirLockedError while
 * another live process holds it (including this very process).
 */
export async function acquireDataDirLock(dataDir: string): Promise<DataDirLock> {
  fs.mkdirSync(dataDir, { recursive: true })
  return process.platform === 'linux' || process.platform === 'win32'
    ? lockWithKernelName(dataDir)
    : lockWithSocketFile(dataDir)
}
