import type { Db } from '../db/client'
import type { FileStore } from '../services/file-store'

/** What route groups need from the app. */
export type RouteDeps = {
  db: Db
  /** Proxy hops in front of the server whose forwarding headers are trusted (TRUST_PROXY). */
  trustProxy: number
  /** The time now: services take it from here, so tests can set the clock (a Bogota midnight). */
  now: () => Date
  /** Where uploaded files (payment vouchers) are kept. */
  files: FileStore
}
