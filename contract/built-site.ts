/**
 * How the build lays out dist/ and the server reads it back (scripts/lib/prerender.ts writes it,
 * server/http/static-files.ts serves it).
 */

/** The page of every route that has no prerendered page of its own: the layout's shell. */
export const SHELL_FILE = 'shell.html'

/**
 * The offline screen: the service worker answers it to a navigation that cannot reach the server
 * (src/sw.ts); it carries no app code, only the script that loads the page again.
 */
export const OFFLINE_FILE = 'offline.html'

/** Text formats worth compressing; images and fonts are compressed already. */
export const COMPRESSIBLE = /\.(html|js|mjs|css|json|webmanifest|map|txt|svg)$/

/** Each compressed copy a text file gets next to it, by Content-Encoding, best first. */
export const PRECOMPRESSED = [
  { encoding: 'br', suffix: '.br' },
  { encoding: 'gzip', suffix: '.gz' },
] as const

export type Encoding = (typeof PRECOMPRESSED)[number]['encoding']

/** The file a prerendered route is written to: '/' is index.html, '/terms' is terms/index.html. */
export function prerenderedFile(routePath: string): string {
  const folder = routePath.replace(/^\/+|\/+$/g, '')
  return folder === '' ? 'index.html' : `${folder}/index.html`
}

/**
 * The file a player's framed page is written to ('/home' is home/player.html): what a browser
 * holding a session cookie gets for that route, instead of the shell.
 */
export function framedFile(routePath: string): string {
  return `${routePath.replace(/^\/+|\/+$/g, '')}/player.html`
}
