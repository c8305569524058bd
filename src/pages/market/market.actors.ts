import { fromPromise } from 'xstate'
import type { gemConversionMachine } from '../../../machines/gem-conversion/gem-conversion.machine'
import type { gemTransferMachine } from '../../../machines/gem-transfer/gem-transfer.machine'
import { createResourceMachine } from '../../../machines/resource/resource.machine'
import type { MachineActors } from '../../../machines/shared/machine-entry'
import type { walletMachine } from '../../../machines/wallet/wallet.machine'
import type { GemTransfer, Payout } from '../../../contract/market'
import type { Wallet } from '../../../contract/payments'
import * as inventory from '../../../contract/endpoints/inventory'
import * as market from '../../../contract/endpoints/market'
import * as user from '../../../contract/endpoints/user'
import { call } from '../../api/http'
import { pageOfItems } from '../../shared/resource-page'
import * as wallet from '../../../contract/endpoints/wallet'

/**
 * The player's wallets (in an object: no wallet yet is still a list of methods to add, not an
 * empty state), their conversions and their gem transfers, through the loader.
 */
export const walletsMachine = createResourceMachine<{ wallets: Wallet[] }>('wallets')
export const payoutsMachine = createResourceMachine<Payout[]>('market-payouts')
export const gemHistoryMachine = createResourceMachine<GemTransfer[]>('gem-history')

/**
 * The /market machines' I/O for one player: the market and the wallets are read by the player's
 * inventory id (their player id), so the logic is made for them.
 */
export function marketActors(inventoryId: string) {
  return {
    wallets: {
      load: fromPromise(async () => ({
        data: { wallets: await call(wallet.getWallets, { params: { id: inventoryId } }) },
      })),
    } satisfies MachineActors<typeof walletsMachine>,
    payouts: {
      load: fromPromise(async () => ({
        data: (await call(market.getMarket, { params: { inventoryId } })).payouts,
      })),
    } satisfies MachineActors<typeof payoutsMachine>,
    conversion: {
      convert: fromPromise(({ input }) =>
        call(market.getMarket, { params: { inventoryId }, query: input }),
      ),
      claim: fromPromise(({ input }) =>
        call(market.convertGems, {
          params: { symbol: input.symbol },
          body: { amount: input.amount },
        }),
      ),
    } satisfies MachineActors<typeof gemConversionMachine>,
  }
}

export const walletActors: MachineActors<typeof walletMachine> = {
  saveWallet: fromPromise(({ input }) => call(wallet.saveWallet, { body: input })),
}

export const gemTransferActors: MachineActors<typeof gemTransferMachine> = {
  findRecipient: fromPromise(({ input }) => call(user.searchPlayer, { query: input })),
  sendGems: fromPromise(({ input }) => call(inventory.sendGems, { body: input })),
}

export const gemHistoryActors: MachineActors<typeof gemHistoryMachine> = {
  load: fromPromise(({ input }) =>
    call(user.getGemHistory, { query: { page: input.page } }).then(pageOfItems),
  ),
}
