import type { EndpointCase } from '../endpoint-cases'

/** Terydollars, batteries, the trading board, the market, wallets, gem transfers: one case per endpoint (tests/harness/endpoint-cases.ts). */
export const economyCases: Readonly<Record<string, EndpointCase>> = {}
