import type { EndpointCase } from '../endpoint-cases'

/** Missions, social accounts, videos, playlists, volta charge, notifications: one case per endpoint (tests/harness/endpoint-cases.ts). */
export const earningCases: Readonly<Record<string, EndpointCase>> = {}
