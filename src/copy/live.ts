import { offline } from './offline'

/** The live stream and the connection, as the signed-in player reads them (with its chunk). */
export const live = {
  offline: offline.banner,
} as const
