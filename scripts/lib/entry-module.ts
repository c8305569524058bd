import { readdir } from 'node:fs/promises'
import path from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import type { MachineEntry } from '../../machines/shared/machine-entry'

const root = fileURLToPath(new URL('../..', import.meta.url))

/**
 * The module and export that define a registered entry (`machines/session/session.samples.ts`,
 * `sessionEntry`), found by identity among the machines' samples files, so generated code can
 * import it with its machine's own types.
 */
export async function findEntryModule(
  entry: MachineEntry,
): Promise<{ module: string; exportName: string }> {
  const folder = path.join(root, 'machines')
  const files = (await readdir(folder, { recursive: true }))
    .filter((file) => file.endsWith('.samples.ts'))
    .sort()
  for (const file of files) {
    const exports = (await import(pathToFileURL(path.join(folder, file)).href)) as Record<
      string,
      unknown
    >
    for (const [exportName, value] of Object.entries(exports)) {
      if (value === entry)
        return { module: path.posix.join('machines', file.split(path.sep).join('/')), exportName }
    }
  }
  throw new Error(`${entry.id}: no machines/**/*.samples.ts exports its registry entry`)
}
