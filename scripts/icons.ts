/**
 * `npm run icons`: the installed app's icons, drawn from the repo's own art (public/favicon.svg) by
 * the system Chromium at the sizes Chromium and phones ask for, into public/icons/. The PNGs are
 * committed (the build only copies them); run this again when the art changes.
 *
 * - `icon-192.png`, `icon-512.png`: the art as it is (its rounded square, transparent corners);
 * - `icon-maskable-512.png`: the art at 70% on the game's background colour filling the square,
 *   so any mask a launcher cuts (a circle, a squircle) keeps all of it (the 80% safe zone);
 * - `apple-touch-icon.png` (180): full square, as iOS rounds it itself.
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { chromium } from 'playwright-core'

export const ICONS_DIR = 'public/icons'
const BACKGROUND = '#0b1e2e'

export const ICONS = [
  { file: 'icon-192.png', size: 192, scale: 1, fill: false },
  { file: 'icon-512.png', size: 512, scale: 1, fill: false },
  { file: 'icon-maskable-512.png', size: 512, scale: 0.7, fill: true },
  { file: 'apple-touch-icon.png', size: 180, scale: 0.84, fill: true },
] as const

async function main() {
  const svg = await readFile('public/favicon.svg', 'utf8')
  const browser = await chromium.launch({
    executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run'],
  })
  try {
    await mkdir(ICONS_DIR, { recursive: true })
    for (const icon of ICONS) {
      const page = await browser.newPage({ viewport: { width: icon.size, height: icon.size } })
      const art = `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`
      const side = Math.round(icon.size * icon.scale)
      await page.setContent(
        `<body style="margin:0;display:grid;place-items:center;width:${icon.size}px;height:${icon.size}px;background:${icon.fill ? BACKGROUND : 'transparent'}">` +
          `<img src="${art}" width="${side}" height="${side}" alt=""></body>`,
      )
      await page.locator('img').evaluate((image: HTMLImageElement) => image.decode())
      const png = await page.screenshot({ omitBackground: !icon.fill })
      await writeFile(path.join(ICONS_DIR, icon.file), png)
      await page.close()
      console.info(`${ICONS_DIR}/${icon.file} (${icon.size}x${icon.size})`)
    }
  } finally {
    await browser.close()
  }
}

if (process.argv[1]?.endsWith('icons.ts')) {
  main().catch((error: unknown) => {
    console.error(error)
    process.exit(1)
  })
}
