/**
 * Catalogue row "Chunk load failure": a route whose chunk cannot be fetched (a new deploy replaced
 * the chunk names) reloads the page, at most once per minute, so a chunk that is really gone
 * cannot loop the page forever. The time of the last reload survives the reload in
 * sessionStorage.
 */
const CHUNK_RELOAD_KEY = 'tery:chunk-reload-at'
const CHUNK_RELOAD_INTERVAL_MS = 60_000

type ReloadStorage = Pick<Storage, 'getItem' | 'setItem'>

export type ChunkReloadDeps = {
  now?: () => number
  reload?: () => void
  /** null: the browser refuses sessionStorage (some private modes throw on access). */
  storage?: ReloadStorage | null
}

/** Where the last reload is kept when the browser refuses sessionStorage: this page only. */
const pageMemory = new Map<string, string>()
const memoryStorage: ReloadStorage = {
  getItem: (key) => pageMemory.get(key) ?? null,
  setItem: (key, value) => void pageMemory.set(key, value),
}

/** True for the errors browsers and Vite raise when a lazily loaded chunk cannot be fetched. */
export function isChunkLoadError(error: unknown): boolean {
  if (!(error instanceof Error)) return false
  return (
    error.name === 'ChunkLoadError' ||
    /Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed|Unable to preload CSS/i.test(
      error.message,
    )
  )
}

/** Reloads the page for a chunk load failure, unless it did so less than a minute ago. */
export function reloadOnChunkError(error: unknown, deps: ChunkReloadDeps = {}): boolean {
  if (!isChunkLoadError(error)) return false
  const now = deps.now ?? Date.now
  const reload = deps.reload ?? (() => globalThis.location.reload())
  const storage =
    (deps.storage === undefined ? sessionStorageOrNull() : deps.storage) ?? memoryStorage
  const last = Number(readItem(storage, CHUNK_RELOAD_KEY) ?? 0)
  const current = now()
  if (Number.isFinite(last) && last > 0 && current - last < CHUNK_RELOAD_INTERVAL_MS) return false
  writeItem(storage, CHUNK_RELOAD_KEY, String(current))
  reload()
  return true
}

function sessionStorageOrNull(): ReloadStorage | null {
  try {
    return globalThis.sessionStorage ?? null
  } catch {
    return null
  }
}

function readItem(storage: ReloadStorage, key: string): string | null {
  try {
    return storage.getItem(key)
  } catch {
    return memoryStorage.getItem(key)
  }
}

function writeItem(storage: ReloadStorage, key: string, value: string): void {
  try {
    storage.setItem(key, value)
  } catch {
    // Storage full or blocked: the page's memory still limits reloads until it reloads.
    memoryStorage.setItem(key, value)
  }
}
