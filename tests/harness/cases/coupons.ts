import type { EndpointCase } from '../endpoint-cases'

/** Express coupons: one case per endpoint (tests/harness/endpoint-cases.ts). */
export const couponCases: Readonly<Record<string, EndpointCase>> = {}
