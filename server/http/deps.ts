import type { SignupLimits } from '../../contract/auth'
import type { Db } from '../db/client'
import type { SocialProvider } from '../services/social-provider'
import type { FileStore } from '../services/file-store'

/** What route groups need from the app. */
export type RouteDeps = {
  db: Db
  /** Proxy hops in front of the server whose forwarding headers are trusted (TRUST_PROXY). */
  trustProxy: number
  /** The time now: services take it from here, so tests can set the clock (a Bogota midnight). */
  now: () => Date
  /** Confirms social missions (the offline local provider unless another is given). */
  socialProvider: SocialProvider
  /** With SEED=demo, how long a new social account waits before it verifies itself; null: never. */
  accountAutoVerifyMs: number | null
  /** Where uploaded files (payment vouchers) are kept. */
  files: FileStore
  /** Signups allowed per address and per device in a day (SIGNUP_LIMITS); null: none. */
  signupLimits: SignupLimits | null
}
