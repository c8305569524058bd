import {
  batteryAmountBody,
  batteryOperationResult,
  batteryOverview,
  batteryQuote,
  earningsBody,
  terycarbonBatteryStats,
} from '../battery'
import { economyMessages } from '../economy-messages'
import { apiMessages } from '../messages'
import { defineEndpoint } from '../endpoint'

export const getBatteryOverview = defineEndpoint({
  method: 'GET',
  path: '/api/battery',
  summary: "The player's batteries and terycarbon battery now.",
  description:
    'Gems accrue by the day from timestamps (docs/economy.md, "Batteries"); `claimableGems` counts whole gems.',
  auth: 'session',
  response: batteryOverview,
})

export const quoteBatteryOperation = defineEndpoint({
  method: 'POST',
  path: '/api/battery',
  summary: 'The earnings of a battery operation before it is made.',
  description:
    'What buy, melt, burn, collect or a terycarbon battery payment would spend and give, the batteries and gems per day after it, and `shortfall`, why it would be refused now (or null). Changes nothing.',
  auth: 'session',
  body: earningsBody,
  response: batteryQuote,
})

export const getTerycarbonBattery = defineEndpoint({
  method: 'GET',
  path: '/api/battery/terycarbons',
  summary: "The player's terycarbon battery: price, paid, what is left, active.",
  auth: 'session',
  response: terycarbonBatteryStats,
})

export const buyBatteries = defineEndpoint({
  method: 'POST',
  path: '/api/battery/buy',
  summary: 'Buys batteries with terydollars.',
  description: 'Each battery costs `rules.batteries.price` terydollars (GET /api/config).',
  auth: 'session',
  body: batteryAmountBody,
  response: batteryOperationResult,
  message: economyMessages.batteriesBought,
  errors: [
    {
      status: 400,
      message: apiMessages.notEnoughTerydollars,
      when: 'The terydollars do not cover the price.',
    },
    {
      status: 400,
      message: economyMessages.batteryLimit,
      when: 'The player would hold more batteries than the rules allow.',
    },
  ],
  money: [{ currency: 'terydollars', direction: 'out' }],
})

export const meltBatteries = defineEndpoint({
  method: 'POST',
  path: '/api/battery/melt',
  summary: 'Melts batteries back into terydollars, at the melt value.',
  auth: 'session',
  body: batteryAmountBody,
  response: batteryOperationResult,
  message: economyMessages.batteriesMelted,
  errors: [
    {
      status: 400,
      message: apiMessages.notEnoughBatteries,
      when: 'The player holds fewer batteries than asked.',
    },
  ],
  money: [{ currency: 'terydollars', direction: 'in' }],
})

export const collectBatteryProfits = defineEndpoint({
  method: 'POST',
  path: '/api/battery/collect',
  summary: 'Collects the whole gems the batteries produced.',
  description: 'Send an empty JSON body (`{}`). Fractions of a gem keep accruing.',
  auth: 'session',
  response: batteryOperationResult,
  message: economyMessages.gemsCollected,
  errors: [
    {
      status: 400,
      message: economyMessages.nothingToCollect,
      when: 'Not one whole gem has accrued since the last collection.',
    },
  ],
  money: [{ currency: 'gems', direction: 'in' }],
})
