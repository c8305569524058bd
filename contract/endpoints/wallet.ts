import { economyMessages } from '../economy-messages'
import { walletBody, walletParams, wallets } from '../payments'
import { defineEndpoint } from '../endpoint'

export const getWallets = defineEndpoint({
  method: 'GET',
  path: '/api/wallet/:id',
  summary: "The player's wallets, one per payment method.",
  description: 'The id is the player’s inventory (their player id).',
  auth: 'session',
  params: walletParams,
  response: wallets,
  errors: [
    {
      status: 404,
      message: economyMessages.walletNotFound,
      when: 'The id is not the player’s.',
    },
  ],
})

export const saveWallet = defineEndpoint({
  method: 'POST',
  path: '/api/wallet',
  summary: 'Adds the wallet of a payment method, or replaces its address.',
  description:
    'Each method checks its own address: a Bitcoin address, a TRON (TRC20) address for USDT, an email for PayPal, a Colombian mobile for Nequi, an 11-digit account for Bancolombia. Answers every wallet of the player.',
  auth: 'session',
  body: walletBody,
  response: wallets,
  message: economyMessages.walletSaved,
})
