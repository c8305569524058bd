import { economyMessages } from '../economy-messages'
import { gemTransferResult, inventory, inventoryParams, sendGemsBody } from '../market'
import { apiMessages } from '../messages'
import { fuelPurchase, fuelPurchaseBody, miningMessages } from '../mining'
import { defineEndpoint } from '../endpoint'

export const buyFuel = defineEndpoint({
  method: 'POST',
  path: '/api/inventory/purchase/fuel',
  summary: 'Buys terycarbons with terydollars or gems.',
  description:
    'One terydollar buys 100 terycarbons, one gem buys 2; `amount` is the terycarbons, 100 to 100 000 in steps of 100.',
  auth: 'session',
  body: fuelPurchaseBody,
  response: fuelPurchase,
  message: miningMessages.fuelBought,
  errors: [
    {
      status: 409,
      message: apiMessages.notEnoughTerydollars,
      when: 'Paying with terydollars: the balance is short.',
    },
    {
      status: 409,
      message: apiMessages.notEnoughGems,
      when: 'Paying with gems: the balance is short.',
    },
  ],
  money: [
    { currency: 'terycarbons', direction: 'in' },
    { currency: 'terydollars', direction: 'out' },
    { currency: 'gems', direction: 'out' },
  ],
})

export const getInventory = defineEndpoint({
  method: 'GET',
  path: '/api/inventory/:id',
  summary: 'What the player holds: balances, batteries, gems on their way.',
  description: 'The inventory id is the player’s id (the session’s `id`).',
  auth: 'session',
  params: inventoryParams,
  response: inventory,
  errors: [
    {
      status: 404,
      message: economyMessages.inventoryNotFound,
      when: 'The id is not the player’s.',
    },
  ],
})

export const sendGems = defineEndpoint({
  method: 'POST',
  path: '/api/inventory/send/gems',
  summary: 'Sends gems to another player by their invite code.',
  description:
    'Transfers of `rules.gemTransfers.holdFrom` gems or more (GET /api/config) are held `rules.gemTransfers.holdHours` hours (`state: "pending"`, `releaseAt`) before they arrive; smaller ones arrive at once (`sent`). A balance never goes below zero: of many sends at once, only those the balance covers succeed.',
  auth: 'session',
  body: sendGemsBody,
  response: gemTransferResult,
  status: 201,
  message: economyMessages.gemsSent,
  errors: [
    {
      status: 404,
      message: economyMessages.unknownPlayerCode,
      when: 'No player has this code.',
    },
    {
      status: 400,
      message: economyMessages.selfTransfer,
      when: 'The code is the player’s own.',
    },
    {
      status: 400,
      message: apiMessages.notEnoughGems,
      when: 'The player has fewer gems than asked.',
    },
  ],
  money: [{ currency: 'gems', direction: 'out' }],
})
