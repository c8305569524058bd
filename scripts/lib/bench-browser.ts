/**
 * What the performance scripts share to load a page as a player would: the Chromium they run
 * (`npm run bench`, scripts/long-tasks.ts) and a session cookie from the real login.
 */

/** The demo seed's player (server/db/seed). */
export const demo = { email: 'demo@tery.example', password: 'tery-demo-2026' }

export type Credentials = { email: string; password: string }

/** Logs in through POST /api/auth/login and gives the session cookie (`name=value`). */
export async function logIn(baseUrl: string, credentials: Credentials = demo): Promise<string> {
  const response = await fetch(`${baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: baseUrl },
    body: JSON.stringify(credentials),
  })
  const cookie = response.headers.get('set-cookie')?.split(';')[0]
  if (!response.ok || !cookie) throw new Error(`logging in answered ${response.status}`)
  return cookie
}

/** The flags every Chromium of the performance scripts runs with. */
export const chromiumFlags = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
]
export const chromiumPath = process.env.CHROME_PATH || '/usr/bin/chromium'
