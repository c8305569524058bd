import { fromPromise } from 'xstate'
import type { drawVerificationMachine } from '../../../machines/draw-verification/draw-verification.machine'
import type { lotteryEntryMachine } from '../../../machines/lottery-entry/lottery-entry.machine'
import { createResourceMachine } from '../../../machines/resource/resource.machine'
import type { MachineActors } from '../../../machines/shared/machine-entry'
import { drawMessage, winningTicket, type LotteryList } from '../../../contract/lottery'
import * as lottery from '../../../contract/endpoints/lottery'
import { call } from '../../api/http'
import { verification } from '../../copy/lottery'

/** The draw card: the draw taking entries, or the one the player follows to its result. */
export const lotteryEntryActors: MachineActors<typeof lotteryEntryMachine> = {
  loadDraw: fromPromise(async ({ input }) => {
    const list = await call(lottery.listDraws, {
      query: input.number === null ? { status: 'open' } : { number: input.number },
    })
    return { draw: list.draws[0] ?? null, signedIn: list.signedIn }
  }),
  enterDraw: fromPromise(({ input }) => call(lottery.enterDraw, { body: input })),
}

/** Past draws, a page at a time, through the reusable loader. */
export const lotteryHistoryMachine = createResourceMachine<LotteryList>('lottery-history', {
  reloadOn: ['lottery.drawn'],
})

export const lotteryHistoryActors: MachineActors<typeof lotteryHistoryMachine> = {
  load: fromPromise(async ({ input }) => {
    const list = await call(lottery.listDraws, { query: { status: 'drawn', page: input.page } })
    return { data: list, pagination: list.pagination }
  }),
}

/** SHA-256 of a UTF-8 text, as lowercase hex, with the browser's Web Crypto. */
async function sha256Hex(text: string): Promise<string> {
  // Web Crypto exists only in secure contexts (HTTPS or localhost).
  const subtle = globalThis.crypto?.subtle
  if (!subtle) throw { status: 400, message: verification.unavailable, network: false }
  const digest = await subtle.digest('SHA-256', new TextEncoder().encode(text))
  return Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, '0')).join('')
}

/** Recomputes a draw here, in the browser: the same computation as the server's. */
export const drawVerificationActors: MachineActors<typeof drawVerificationMachine> = {
  checkDraw: fromPromise(async ({ input }) => {
    const seedHash = await sha256Hex(input.seed)
    const digest = await sha256Hex(drawMessage(input.seed, input.entries))
    const computedTicket = winningTicket(digest, input.entries)
    return {
      seedHash,
      digest,
      computedTicket,
      seedMatches: seedHash === input.seedHash,
      ticketMatches: computedTicket === input.winnerTicket,
    }
  }),
}
