import type { Db } from '../db/client'

/** What route groups need from the app. */
export type RouteDeps = {
  db: Db
  trustProxy: boolean
}
