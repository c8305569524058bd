import {
  drawEntryBody,
  drawEntryResult,
  lotteryList,
  lotteryListQuery,
  lotteryMessages,
} from '../lottery'
import { defineEndpoint } from '../endpoint'

export const listDraws = defineEndpoint({
  method: 'GET',
  path: '/api/lottery/list',
  summary: 'The draws of the weekly lottery, newest first, a page at a time.',
  description:
    'Public. Each draw shows its date, prize, entry price, number of entries and the SHA-256 of its secret seed; a drawn draw also reveals the seed, the numbered entry list and the winning ticket, from which anyone can recompute the winner (docs/economy.md, "Lottery"). With a session, `myEntry` is the caller\'s entry and `signedIn` is true. `status=open` lists the draws not drawn yet, `status=drawn` the past ones, `number` one draw.',
  auth: 'public',
  query: lotteryListQuery,
  response: lotteryList,
  tags: ['lottery'],
})

export const enterDraw = defineEndpoint({
  method: 'PATCH',
  path: '/api/user/draw',
  summary: 'Takes part in an open draw of the lottery, paying the entry price.',
  description:
    'One entry per player and draw. The entry price moves from the player to `supply` in the same transaction as the entry (`lottery.entry`).',
  auth: 'session',
  body: drawEntryBody,
  response: drawEntryResult,
  message: lotteryMessages.entered,
  errors: [
    { status: 404, message: lotteryMessages.notFound, when: 'No draw has this id.' },
    {
      status: 409,
      message: lotteryMessages.closed,
      when: 'The draw stopped taking entries (its time passed, or it was drawn).',
    },
    {
      status: 409,
      message: lotteryMessages.alreadyEntered,
      when: 'The player already takes part in this draw.',
    },
    {
      status: 400,
      message: lotteryMessages.notEnough,
      when: 'The player has fewer terycarbons than the entry price.',
    },
  ],
  money: [{ currency: 'terycarbons', direction: 'out' }],
  tags: ['lottery'],
})
