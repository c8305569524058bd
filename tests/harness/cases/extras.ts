import type { EndpointCase } from '../endpoint-cases'

/** The lottery, daily training, music: one case per endpoint (tests/harness/endpoint-cases.ts). */
export const extrasCases: Readonly<Record<string, EndpointCase>> = {}
