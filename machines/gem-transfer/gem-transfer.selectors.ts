import type { SnapshotFrom } from 'xstate'
import type { GemTransfer } from '../../contract/market'
import type { PlayerRef } from '../../contract/user'
import type { gemTransferMachine } from './gem-transfer.machine'

export type GemTransferSnapshot = SnapshotFrom<typeof gemTransferMachine>

export type TransferStep = 'editing' | 'lookingUp' | 'confirming' | 'sending' | 'sent' | 'pending'

export function selectStep(snapshot: GemTransferSnapshot): TransferStep {
  for (const step of ['lookingUp', 'confirming', 'sending', 'sent', 'pending'] as const) {
    if (snapshot.matches(step)) return step
  }
  return 'editing'
}

/** Who will receive the gems, once the code is found. */
export function selectRecipient(snapshot: GemTransferSnapshot): PlayerRef | null {
  return snapshot.context.recipient
}

/** The gems asked for, once the form was sent. */
export function selectAmount(snapshot: GemTransferSnapshot): number {
  return snapshot.context.amount
}

/** The transfer made, once sent or pending. */
export function selectTransfer(snapshot: GemTransferSnapshot): GemTransfer | null {
  return snapshot.matches('sent') || snapshot.matches('pending') ? snapshot.context.transfer : null
}

/** Why the code or the send was refused. */
export function selectFailure(snapshot: GemTransferSnapshot): string | null {
  return snapshot.context.failure
}

/** The server's messages for the form's fields (code, amount). */
export function selectFieldErrors(snapshot: GemTransferSnapshot): Record<string, string> {
  return snapshot.context.fieldErrors
}

export function selectIsBusy(snapshot: GemTransferSnapshot): boolean {
  return snapshot.matches('lookingUp') || snapshot.matches('sending')
}
