import { createContext, use } from 'react'

/**
 * Whether the app's first render replaced the shell (dist/shell.html) instead of hydrating a page
 * the build rendered. The server sends a public page's prerendered HTML only to a browser without a
 * session cookie (server/http/static-files.ts), so a browser that got the shell for it holds one:
 * a player is expected, and the shell already drew a player's header with the balances' room.
 */
export const OverShellContext = createContext(false)

/** True in an app rendered over the shell; false while and after hydrating a built page. */
export function useRenderedOverShell(): boolean {
  return use(OverShellContext)
}
