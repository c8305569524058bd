import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { ICONS, ICONS_DIR } from '../../scripts/icons'

/** A PNG's size, from its IHDR chunk (bytes 16 to 23). */
function pngSize(bytes: Buffer): { width: number; height: number } {
  expect(bytes.subarray(1, 4).toString('latin1')).toBe('PNG')
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) }
}

describe('the installed app’s icons', () => {
  it('are committed at the sizes the manifest and iOS name, drawn by `npm run icons`', async () => {
    for (const icon of ICONS) {
      const bytes = await readFile(path.join(ICONS_DIR, icon.file))
      expect(pngSize(bytes), icon.file).toEqual({ width: icon.size, height: icon.size })
    }
  })
})
