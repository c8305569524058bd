import { machines } from '../../../machines/index'
import type { MachineEntry } from '../../../machines/shared/machine-entry'

/** A registered machine's entry, by id. */
export function registered(id: string): MachineEntry {
  const entry = machines.find((candidate) => candidate.id === id)
  if (!entry) throw new Error(`no machine "${id}" in machines/index.ts`)
  return entry
}
