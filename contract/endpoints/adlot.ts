import * as v from 'valibot'
import { bonusResult, collectBody, collectResult, miningMessages } from '../mining'
import { defineEndpoint } from '../endpoint'

export const collect = defineEndpoint({
  method: 'POST',
  path: '/api/adlot/collect',
  summary: 'Collects what the backpack holds, in the mining mode’s currency.',
  description:
    'Pays the whole units the stations produced since the last collect (up to the backpack’s capacity) and empties it. `mode` is the mode the player sees. Of many simultaneous collects, one pays.',
  auth: 'session',
  body: collectBody,
  response: collectResult,
  message: miningMessages.collected,
  errors: [
    {
      status: 409,
      message: miningMessages.backpackEmpty,
      when: 'The backpack holds less than one unit.',
    },
    {
      status: 409,
      message: miningMessages.miningModeChanged,
      when: 'The mine’s mode is not the `mode` sent (it was switched elsewhere).',
    },
  ],
  money: [
    { currency: 'terycarbons', direction: 'in' },
    { currency: 'gems', direction: 'in' },
  ],
})

export const collectBonus = defineEndpoint({
  method: 'POST',
  path: '/api/adlot/collectBonus',
  summary: 'Collects the team bonus of the closed days not collected yet.',
  description:
    'For each of the last 7 closed Bogota days: the rank percentage of the gems the team earned that day, split among the stations by their shares for the hours each was on. Each day is paid once. Send an empty JSON body (`{}`).',
  auth: 'session',
  body: v.object({}),
  response: bonusResult,
  message: miningMessages.bonusCollected,
  errors: [
    {
      status: 409,
      message: miningMessages.noTeamBonus,
      when: 'No closed day left has a bonus of at least one gem.',
    },
    {
      status: 403,
      message: miningMessages.penalizedNoBonus,
      when: 'The player is under a penalty.',
    },
  ],
  money: [{ currency: 'gems', direction: 'in' }],
})
