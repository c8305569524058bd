import { afterEach, beforeEach, vi } from 'vitest'

// A test that logs an error or a warning is a failing test: nothing is allowed to go wrong quietly.
// A test that expects a log asserts it with vi.spyOn(console, 'error').mockImplementation(...).
beforeEach(() => {
  for (const level of ['error', 'warn'] as const) {
    vi.spyOn(console, level).mockImplementation((...args: unknown[]) => {
      throw new Error(`console.${level} was called: ${args.map(String).join(' ')}`)
    })
  }
})

afterEach(() => {
  vi.restoreAllMocks()
})
