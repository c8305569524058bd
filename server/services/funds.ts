import type { Currency } from '../../contract/currencies'
import { apiMessages } from '../../contract/messages'
import type { Tx } from '../db/client'
import { DomainError } from './errors'
import { InsufficientFundsError, transfer, type HeldAccount, type TransferInput } from './ledger'

const SHORT_OF: Readonly<Record<Currency, string>> = {
  terycarbons: apiMessages.notEnoughTerycarbons,
  gems: apiMessages.notEnoughGems,
  voltaCharge: apiMessages.notEnoughVoltaCharge,
  terydollars: apiMessages.notEnoughTerydollars,
}

/** What the player reads when a balance is too small for what they asked. */
export function shortOf(currency: Currency): string {
  return SHORT_OF[currency]
}

/**
 * A transfer paid by a player, inside the business transaction: a balance too small is the 400
 * the player reads ('No tienes suficientes gemas'), and the whole transaction is undone with it.
 */
export async function spend(
  tx: Tx,
  input: TransferInput & { from: { userId: string } },
  /** The players' accounts, when the caller's statement locked them (see transfer()). */
  held?: readonly HeldAccount[],
) {
  try {
    return await transfer(tx, input, held)
  } catch (error) {
    if (error instanceof InsufficientFundsError) {
      throw new DomainError(400, shortOf(error.currency))
    }
    throw error
  }
}
