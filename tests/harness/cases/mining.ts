import type { EndpointCase } from '../endpoint-cases'

/** The mine, mining modes, fuel, the team, ranks, profile, messages, the leaderboard: one case per endpoint (tests/harness/endpoint-cases.ts). */
export const miningCases: Readonly<Record<string, EndpointCase>> = {}
