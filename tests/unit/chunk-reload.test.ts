import { describe, expect, it, vi } from 'vitest'
import { isChunkLoadError, reloadOnChunkError } from '../../src/app/chunk-reload'

function memoryStorage() {
  const items = new Map<string, string>()
  return {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
  }
}

const chunkError = () =>
  new TypeError('Failed to fetch dynamically imported module: /assets/home-abc123.js')

describe('reloadOnChunkError', () => {
  it('reloads the page when a route chunk cannot be loaded', () => {
    const reload = vi.fn()
    const reloaded = reloadOnChunkError(chunkError(), {
      now: () => 1_000_000,
      reload,
      storage: memoryStorage(),
    })
    expect(reloaded).toBe(true)
    expect(reload).toHaveBeenCalledTimes(1)
  })

  it('does not reload again within the same minute, even after the page reloaded', () => {
    const storage = memoryStorage()
    const reload = vi.fn()
    let clock = 1_000_000
    const deps = { now: () => clock, reload, storage }
    expect(reloadOnChunkError(chunkError(), deps)).toBe(true)
    // The page reloaded: only sessionStorage remains.
    clock += 59_999
    expect(reloadOnChunkError(chunkError(), deps)).toBe(false)
    expect(reload).toHaveBeenCalledTimes(1)
  })

  it('reloads again once a minute has passed', () => {
    const reload = vi.fn()
    let clock = 1_000_000
    const deps = { now: () => clock, reload, storage: memoryStorage() }
    reloadOnChunkError(chunkError(), deps)
    clock += 60_000
    expect(reloadOnChunkError(chunkError(), deps)).toBe(true)
    expect(reload).toHaveBeenCalledTimes(2)
  })

  it('still limits reloads when storage is unavailable', () => {
    const reload = vi.fn()
    const deps = { now: () => 5_000_000, reload, storage: null }
    expect(reloadOnChunkError(chunkError(), deps)).toBe(true)
    expect(reloadOnChunkError(chunkError(), deps)).toBe(false)
    expect(reload).toHaveBeenCalledTimes(1)
  })

  it('leaves other errors alone', () => {
    const reload = vi.fn()
    expect(
      reloadOnChunkError(new Error('Cannot read properties of undefined'), {
        reload,
        storage: memoryStorage(),
      }),
    ).toBe(false)
    expect(reload).not.toHaveBeenCalled()
  })
})

describe('isChunkLoadError', () => {
  it.each([
    'Failed to fetch dynamically imported module: /assets/a.js',
    'error loading dynamically imported module: /assets/a.js',
    'Importing a module script failed.',
    'Unable to preload CSS for /assets/a.css',
  ])('recognises the browser message "%s"', (message) => {
    expect(isChunkLoadError(new TypeError(message))).toBe(true)
  })

  it('does not treat plain values or unrelated errors as chunk failures', () => {
    expect(isChunkLoadError('Failed to fetch dynamically imported module')).toBe(false)
    expect(isChunkLoadError(new Error('Network down'))).toBe(false)
  })
})
