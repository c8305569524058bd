/** Social networks a player registers an account of, with the numeric type the API uses. */
export const SOCIAL_ACCOUNT_TYPES = {
  YOUTUBE: 2,
  INSTAGRAM: 3,
  FACEBOOK: 4,
  TIK_TOK: 5,
} as const
export type SocialAccountTypeName = keyof typeof SOCIAL_ACCOUNT_TYPES
export type SocialAccountType = (typeof SOCIAL_ACCOUNT_TYPES)[SocialAccountTypeName]

/** A registered account waits for a check (2), then is verified (3). */
export const SOCIAL_ACCOUNT_STATES = {
  PENDING_TO_CHECK: 2,
  VERIFIED: 3,
} as const
export type SocialAccountStateName = keyof typeof SOCIAL_ACCOUNT_STATES
export type SocialAccountState = (typeof SOCIAL_ACCOUNT_STATES)[SocialAccountStateName]

/** One social account per player. */
export const MAX_SOCIAL_ACCOUNTS = 1

/** Network names as the player reads them, by type. */
export const SOCIAL_ACCOUNT_TYPE_LABELS: Record<SocialAccountType, string> = {
  2: 'YouTube',
  3: 'Instagram',
  4: 'Facebook',
  5: 'Tik Tok',
}

export function isSocialAccountType(value: number): value is SocialAccountType {
  return Object.values(SOCIAL_ACCOUNT_TYPES).includes(value as SocialAccountType)
}

export function isSocialAccountState(value: number): value is SocialAccountState {
  return Object.values(SOCIAL_ACCOUNT_STATES).includes(value as SocialAccountState)
}

/** Whether a player with `count` accounts may register another one. */
export function canAddSocialAccount(count: number): boolean {
  return count < MAX_SOCIAL_ACCOUNTS
}
