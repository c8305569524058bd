import { gameConfig } from '../config'
import { defineEndpoint } from '../endpoint'

export const getConfig = defineEndpoint({
  method: 'GET',
  path: '/api/config',
  summary: "The game's rules and the links the layout needs.",
  description: 'The values and what they mean are in docs/economy.md.',
  auth: 'public',
  response: gameConfig,
})
