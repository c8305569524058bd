import type { SnapshotFrom } from 'xstate'
import type { BatteryOperation, BatteryQuote } from '../../contract/battery'
import type { batteryOperationMachine } from './battery-operation.machine'

export type BatteryOperationSnapshot = SnapshotFrom<typeof batteryOperationMachine>

export type OperationStep =
  'idle' | 'quoting' | 'blocked' | 'confirming' | 'submitting' | 'done' | 'failed'

export function selectStep(snapshot: BatteryOperationSnapshot): OperationStep {
  for (const step of [
    'quoting',
    'blocked',
    'confirming',
    'submitting',
    'done',
    'failed',
  ] as const) {
    if (snapshot.matches(step)) return step
  }
  return 'idle'
}

/** The operation the dialog is about. */
export function selectOperation(snapshot: BatteryOperationSnapshot): BatteryOperation | null {
  return snapshot.context.operation
}

/** The preview, while the player reads it or the operation is sent. */
export function selectQuote(snapshot: BatteryOperationSnapshot): BatteryQuote | null {
  return ['blocked', 'confirming', 'submitting', 'done'].includes(selectStep(snapshot))
    ? snapshot.context.quote
    : null
}

/** Why it cannot go through: the preview's shortfall or the server's refusal. */
export function selectProblem(snapshot: BatteryOperationSnapshot): string | null {
  if (snapshot.matches('blocked')) return snapshot.context.quote?.shortfall ?? null
  if (snapshot.matches('failed')) return snapshot.context.failure
  return null
}

export function selectCanConfirm(snapshot: BatteryOperationSnapshot): boolean {
  return snapshot.can({ type: 'operation.confirm' })
}

export function selectIsBusy(snapshot: BatteryOperationSnapshot): boolean {
  return snapshot.matches('quoting') || snapshot.matches('submitting')
}
