import { eq } from 'drizzle-orm'
import type { TerydollarOrder } from '../../../contract/terydollar'
import type { OfferResult } from '../../../contract/trading'
import { batteryHoldings } from '../../../server/db/schema'
import { DEMO_CODE } from '../../../server/db/seed/players'
import { fund, PNG } from '../../server/support/players'
import { expectOk, type Api, type Player } from '../api'
import type { CaseContext, EndpointCase } from '../endpoint-cases'

/*
 * Terydollars, batteries, the trading board, the market, wallets, gem transfers: one case per
 * endpoint (tests/harness/endpoint-cases.ts). Setup goes through the API as the player; funds
 * come from the supply through the ledger (a player buys terydollars from an operator, and earns
 * gems over days), and a battery's day of production is its holding dated back.
 */

/** A sell offer of `player`'s, listed through the API (funded with the terydollars it sells). */
async function listOffer(
  { api, db }: Pick<CaseContext, 'api' | 'db'>,
  player: Player,
  offer = { amount: 5, price: 90 },
): Promise<number> {
  await fund({ db }, player.id, { terydollars: offer.amount })
  const listed = expectOk(
    await api<OfferResult>('/api/trading', { body: offer, cookie: player.cookie }),
    'POST /api/trading',
  )
  return listed.body.data.offer.id
}

/** A terydollar order of `player`'s, waiting for its voucher. */
async function openOrder(api: Api, player: Player): Promise<number> {
  const order = expectOk(
    await api<TerydollarOrder>('/api/terydollar', {
      body: { method: 'usdt', amount: 20 },
      cookie: player.cookie,
    }),
    'POST /api/terydollar',
  )
  return order.body.data.id
}

/** `player`'s batteries, bought through the API, with two days of production since. */
async function chargedBatteries({ api, db }: CaseContext, player: Player): Promise<void> {
  await fund({ db }, player.id, { terydollars: 20 })
  expectOk(
    await api('/api/battery/buy', { body: { amount: 2 }, cookie: player.cookie }),
    'POST /api/battery/buy',
  )
  await db
    .update(batteryHoldings)
    .set({ accruedAt: new Date(Date.now() - 2 * 24 * 3_600_000) })
    .where(eq(batteryHoldings.userId, player.id))
}

/** A finished trade of `player`'s: they bought another player's offer. */
async function boughtOffer(ctx: CaseContext, player: Player): Promise<void> {
  const offerId = await listOffer(ctx, await ctx.newPlayer())
  await fund(ctx, player.id, { gems: 1_000 })
  expectOk(
    await ctx.api('/api/trading/buy', { body: { offerId }, cookie: player.cookie }),
    'POST /api/trading/buy',
  )
}

const USDT_WALLET = { method: 'usdt', address: 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE' } as const

export const economyCases: Readonly<Record<string, EndpointCase>> = {
  'GET /api/battery': {
    sample: async (ctx) => {
      await chargedBatteries(ctx, ctx.caller)
      return { path: '/api/battery', cookie: ctx.caller.cookie }
    },
    owned: 'none',
  },
  'POST /api/battery': {
    sample: ({ caller }) => ({
      path: '/api/battery',
      body: { operation: 'buy', amount: 2 },
      cookie: caller.cookie,
    }),
    owned: 'none',
  },
  'GET /api/battery/terycarbons': {
    sample: ({ caller }) => ({ path: '/api/battery/terycarbons', cookie: caller.cookie }),
    owned: 'none',
  },
  'POST /api/battery/buy': {
    sample: async ({ db, caller }) => {
      await fund({ db }, caller.id, { terydollars: 50 })
      return { path: '/api/battery/buy', body: { amount: 2 }, cookie: caller.cookie }
    },
    owned: 'none',
  },
  'POST /api/battery/melt': {
    sample: async (ctx) => {
      await chargedBatteries(ctx, ctx.caller)
      return { path: '/api/battery/melt', body: { amount: 1 }, cookie: ctx.caller.cookie }
    },
    owned: 'none',
  },
  'POST /api/battery/collect': {
    sample: async (ctx) => {
      await chargedBatteries(ctx, ctx.caller)
      return { path: '/api/battery/collect', body: {}, cookie: ctx.caller.cookie }
    },
    owned: 'none',
  },
  'POST /api/user/terycarbonBattery': {
    sample: async ({ db, caller }) => {
      await fund({ db }, caller.id, { terycarbons: 500 })
      return { path: '/api/user/terycarbonBattery', body: { amount: 200 }, cookie: caller.cookie }
    },
    owned: 'none',
  },
  'GET /api/terydollar': {
    sample: async ({ api, caller }) => {
      await openOrder(api, caller)
      return { path: '/api/terydollar', cookie: caller.cookie }
    },
    owned: 'none',
  },
  'POST /api/terydollar': {
    sample: ({ caller }) => ({
      path: '/api/terydollar',
      body: { method: 'btc', amount: 10 },
      cookie: caller.cookie,
    }),
    owned: 'none',
  },
  'POST /api/terydollar/other': {
    sample: ({ caller }) => ({
      path: '/api/terydollar/other',
      body: { method: 'nequi', amount: 10 },
      cookie: caller.cookie,
    }),
    owned: 'none',
  },
  'POST /api/terydollar/sendOrderVoucher': {
    sample: async ({ api, caller, owner }) => ({
      path: `/api/terydollar/sendOrderVoucher?orderId=${await openOrder(api, owner)}`,
      body: PNG,
      headers: { 'content-type': 'image/png' },
      cookie: caller.cookie,
    }),
    owned: ['orderId'],
  },
  'GET /api/terydollar/burn': {
    sample: async ({ db, caller }) => {
      await fund({ db }, caller.id, { terydollars: 5 })
      return { path: '/api/terydollar/burn', cookie: caller.cookie }
    },
    owned: 'none',
  },
  'POST /api/terydollar/burn': {
    sample: async ({ db, caller }) => {
      await fund({ db }, caller.id, { terydollars: 5 })
      return { path: '/api/terydollar/burn', body: { amount: 2 }, cookie: caller.cookie }
    },
    owned: 'none',
  },
  'GET /api/trading': {
    sample: async (ctx) => {
      await listOffer(ctx, ctx.caller)
      return { path: '/api/trading?page=1', cookie: ctx.caller.cookie }
    },
    owned: 'none',
  },
  'GET /api/trading/own': {
    sample: async (ctx) => {
      await listOffer(ctx, ctx.caller)
      return { path: '/api/trading/own?page=1', cookie: ctx.caller.cookie }
    },
    owned: 'none',
  },
  'GET /api/trading/history': {
    sample: async (ctx) => {
      await boughtOffer(ctx, ctx.caller)
      return { path: '/api/trading/history?page=1', cookie: ctx.caller.cookie }
    },
    owned: 'none',
  },
  'POST /api/trading': {
    sample: async ({ db, caller }) => {
      await fund({ db }, caller.id, { terydollars: 10 })
      return { path: '/api/trading', body: { price: 90, amount: 5 }, cookie: caller.cookie }
    },
    owned: 'none',
  },
  // The offer bought is another player's by design: its id names nothing the caller must own.
  'POST /api/trading/buy': {
    sample: async (ctx) => {
      const offerId = await listOffer(ctx, await ctx.newPlayer())
      await fund(ctx, ctx.caller.id, { gems: 1_000 })
      return { path: '/api/trading/buy', body: { offerId }, cookie: ctx.caller.cookie }
    },
    owned: 'none',
  },
  'DELETE /api/trading': {
    sample: async (ctx) => ({
      path: '/api/trading',
      method: 'DELETE',
      body: { offerId: await listOffer(ctx, ctx.owner) },
      cookie: ctx.caller.cookie,
    }),
    owned: ['offerId'],
  },
  'GET /api/market/{inventoryId}': {
    sample: ({ caller, owner }) => ({
      path: `/api/market/${owner.id}?symbol=usdt&amount=1000`,
      cookie: caller.cookie,
    }),
    owned: ['inventoryId'],
  },
  'POST /api/market/transfer/{symbol}': {
    sample: async ({ api, db, caller }) => {
      await fund({ db }, caller.id, { gems: 2_000 })
      expectOk(
        await api('/api/wallet', { body: USDT_WALLET, cookie: caller.cookie }),
        'POST /api/wallet',
      )
      return { path: '/api/market/transfer/usdt', body: { amount: 600 }, cookie: caller.cookie }
    },
    owned: 'none',
  },
  'GET /api/wallet/{id}': {
    sample: async ({ api, caller, owner }) => {
      expectOk(
        await api('/api/wallet', { body: USDT_WALLET, cookie: owner.cookie }),
        'POST /api/wallet',
      )
      return { path: `/api/wallet/${owner.id}`, cookie: caller.cookie }
    },
    owned: ['id'],
  },
  'POST /api/wallet': {
    sample: ({ caller }) => ({
      path: '/api/wallet',
      body: { method: 'nequi', address: '3001234567' },
      cookie: caller.cookie,
    }),
    owned: 'none',
  },
  'GET /api/inventory/{id}': {
    sample: ({ caller, owner }) => ({ path: `/api/inventory/${owner.id}`, cookie: caller.cookie }),
    owned: ['id'],
  },
  'POST /api/inventory/send/gems': {
    sample: async ({ db, caller }) => {
      await fund({ db }, caller.id, { gems: 100 })
      return {
        path: '/api/inventory/send/gems',
        body: { code: DEMO_CODE, amount: 10 },
        cookie: caller.cookie,
      }
    },
    owned: 'none',
  },
  'GET /api/user/search': {
    sample: ({ caller }) => ({
      path: `/api/user/search?code=${DEMO_CODE.toLowerCase()}`,
      cookie: caller.cookie,
    }),
    owned: 'none',
  },
  'GET /api/user/gem/history': {
    sample: async ({ api, db, caller }) => {
      await fund({ db }, caller.id, { gems: 100 })
      expectOk(
        await api('/api/inventory/send/gems', {
          body: { code: DEMO_CODE, amount: 10 },
          cookie: caller.cookie,
        }),
        'POST /api/inventory/send/gems',
      )
      return { path: '/api/user/gem/history?page=1', cookie: caller.cookie }
    },
    owned: 'none',
  },
}
