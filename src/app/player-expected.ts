import { createContext, use } from 'react'

/**
 * Whether the server sent this page because the browser holds a session cookie
 * (server/http/static-files.ts): the shell, or a player's framed page (decision 018). A player is
 * expected, so the layout draws a player's header with the balances' room until the session
 * answers, as the shell and the frame drew it: on a public page such as /lottery too, whose
 * visitor's page has a visitor's header.
 */
export const PlayerExpectedContext = createContext(false)

/** True over the shell and on a player's framed page; false on a visitor's page. */
export function usePlayerExpected(): boolean {
  return use(PlayerExpectedContext)
}
