import { readFileSync, writeFileSync } from 'node:fs'

/**
 * Failures a harness found, shrunk, kept in a JSON file under tests/server/fixtures/ and replayed
 * by every later run: commit the file with the fix, so the case stays tested.
 */
export function readKept<T>(file: string): T[] {
  return JSON.parse(readFileSync(file, 'utf8')) as T[]
}

/** Adds a failure to its file unless the same case (by `sameCase`) is there already. */
export function keep<T>(file: string, failure: T, sameCase: (a: T, b: T) => boolean): void {
  const kept = readKept<T>(file)
  if (kept.some((old) => sameCase(old, failure))) return
  writeFileSync(file, `${JSON.stringify([...kept, failure], null, 2)}\n`)
}
