import { defineMachineEntry } from '../shared/machine-entry'
import { drawVerificationMachine } from './draw-verification.machine'
import * as selectors from './draw-verification.selectors'

const seed = '0123456789abcdef'.repeat(4)
const seedHash = 'a8ae6e6ee929abea3afcfc5258c8ccd6f85273e0d4626d26c7279f3250f77c8e'
const digest = 'ab746d74d28138762a254367b4465d97fbfbe13e04ea850ec8792d2c40dfcef2'

export const drawVerificationEntry = defineMachineEntry(drawVerificationMachine, {
  selectors,
  events: {
    'verify.start': [
      { type: 'verify.start', proof: { number: 3, seed, seedHash, entries: 7, winnerTicket: 7 } },
    ],
    'verify.close': [{ type: 'verify.close' }],
  },
  outcomes: {
    checkDraw: {
      done: [
        { seedHash, digest, computedTicket: 7, seedMatches: true, ticketMatches: true },
        { seedHash, digest, computedTicket: 7, seedMatches: true, ticketMatches: false },
      ],
      error: [
        {
          status: 400,
          message: 'Tu navegador no puede calcular SHA-256 aquí',
          network: false,
        },
      ],
    },
  },
})
