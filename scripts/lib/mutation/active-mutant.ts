import { inject } from 'vitest'
import type { AnyStateMachine } from 'xstate'
import { applyMachineMutant } from './machine-mutants'

/** The mutant a `npm run mutate` run has switched on, as its test workers receive it. */
export type ActiveMutant =
  | { kind: 'machine'; machine: string; index: number }
  | { kind: 'source'; file: string; index: number }

declare module 'vitest' {
  export interface ProvidedContext {
    teryMutant: ActiveMutant | null
  }
}

function active(): ActiveMutant | null {
  return inject('teryMutant') ?? null
}

function isMachine(value: unknown): value is AnyStateMachine {
  return (
    typeof value === 'object' && value !== null && 'root' in value && 'implementations' in value
  )
}

/**
 * What a machine module exports under `npm run mutate`: a machine stands for itself or, while
 * one of its machine-level mutants is active, for that mutant. The stand-in is a proxy, so the
 * modules that hold the machine (its samples, the tests) are imported once for all mutants.
 */
export function mutatedExport<T>(value: T): T {
  if (!isMachine(value)) return value
  const mutants = new Map<number, AnyStateMachine>()
  const current = (): AnyStateMachine => {
    const mutant = active()
    if (!mutant || mutant.kind !== 'machine' || mutant.machine !== value.id) return value
    let machine = mutants.get(mutant.index)
    if (!machine) {
      machine = applyMachineMutant(value, mutant.index)
      mutants.set(mutant.index, machine)
    }
    return machine
  }
  return new Proxy(value, {
    get: (_, key) => Reflect.get(current(), key),
    has: (_, key) => Reflect.has(current(), key),
  })
}

/** Whether the active mutant is this comparison of this file (`mutation-plugin.ts` numbers them). */
export function isSourceMutant(file: string, index: number): boolean {
  const mutant = active()
  return mutant?.kind === 'source' && mutant.file === file && mutant.index === index
}
