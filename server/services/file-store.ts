import { randomBytes } from 'node:crypto'
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { eq } from 'drizzle-orm'
import type { Db } from '../db/client'
import { uploads } from '../db/schema'

export type StoredFile = { bytes: Uint8Array; type: string }

/**
 * Where uploaded files (payment vouchers) are kept. One interface, two homes: files under DATA_DIR
 * with the embedded database, rows of `uploads` with PostgreSQL, where several servers must see
 * the same files. Keys are made by `newFileKey()`; a file is written before the row that points
 * to it, so a refused change leaves at most an unreferenced file, which the caller removes.
 */
export type FileStore = {
  put: (key: string, file: StoredFile) => Promise<void>
  get: (key: string) => Promise<StoredFile | null>
  remove: (key: string) => Promise<void>
  /** Where an operator can open the file directly (a path on disk), or null. */
  locate: (key: string) => string | null
}

const EXTENSIONS: Readonly<Record<string, string>> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/webp': 'webp',
}

/** A fresh key under a folder-like prefix: `vouchers/12-9f3a0c1b2d4e.png`. */
export function newFileKey(prefix: string, name: string, type: string): string {
  const extension = EXTENSIONS[type] ?? 'bin'
  return `${prefix}/${name}-${randomBytes(6).toString('hex')}.${extension}`
}

const KEY_PATTERN = /^[a-z]+\/[A-Za-z0-9-]+\.[a-z]+$/

function checkKey(key: string): void {
  // Keys are ours, never the caller's; this keeps a bug from writing outside the folder.
  if (!KEY_PATTERN.test(key)) throw new Error(`Invalid file key: ${key}`)
}

/** Files under `folder` (DATA_DIR/uploads with PGlite), written atomically (temp file, rename). */
export function directoryFileStore(folder: string): FileStore {
  const root = path.resolve(folder)
  const fileOf = (key: string) => {
    checkKey(key)
    return path.join(root, key)
  }
  const typeOf = (key: string) =>
    Object.entries(EXTENSIONS).find(([, extension]) => key.endsWith(`.${extension}`))?.[0] ??
    'application/octet-stream'
  return {
    put: async (key, file) => {
      const target = fileOf(key)
      await mkdir(path.dirname(target), { recursive: true })
      const partial = `${target}.${randomBytes(4).toString('hex')}.partial`
      await writeFile(partial, file.bytes)
      await rename(partial, target)
    },
    get: async (key) => {
      const bytes = await readFile(fileOf(key)).catch(() => null)
      return bytes ? { bytes: new Uint8Array(bytes), type: typeOf(key) } : null
    },
    remove: async (key) => {
      await rm(fileOf(key), { force: true })
    },
    locate: (key) => fileOf(key),
  }
}

/** Files as rows of the `uploads` table (PostgreSQL: every server sees them). */
export function databaseFileStore(db: Db): FileStore {
  return {
    put: async (key, file) => {
      checkKey(key)
      await db.insert(uploads).values({ key, contentType: file.type, bytes: file.bytes })
    },
    get: async (key) => {
      const [row] = await db.select().from(uploads).where(eq(uploads.key, key)).limit(1)
      return row ? { bytes: new Uint8Array(row.bytes), type: row.contentType } : null
    },
    remove: async (key) => {
      await db.delete(uploads).where(eq(uploads.key, key))
    },
    locate: () => null,
  }
}

/** The store a server or the operator CLI uses: DATA_DIR/uploads on PGlite, the database on PostgreSQL. */
export function fileStoreFor(
  database: { db: Db; driver: 'pglite' | 'postgres' },
  dataDir: string,
): FileStore {
  return database.driver === 'pglite'
    ? directoryFileStore(path.join(dataDir, 'uploads'))
    : databaseFileStore(database.db)
}
