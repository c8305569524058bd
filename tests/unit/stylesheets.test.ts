import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'

/*
 * A route's stylesheet stays loaded for the rest of the visit once the route has loaded. So when
 * two stylesheets both style a class on its own (a selector that is the class alone, or with its
 * states), the class takes the look of whichever loaded last: a badge on the training page turned
 * green after a visit to the battery. The global stylesheet (src/styles/index.css and the files it
 * imports) is loaded whole, in one order, so a class may be styled across its files.
 */

const root = path.resolve(import.meta.dirname, '../..')
const src = path.join(root, 'src')

function stylesheets(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(folder, entry.name)
    if (entry.isDirectory()) return stylesheets(file)
    return file.endsWith('.css') ? [file] : []
  })
}

const globalIndex = path.join(src, 'styles', 'index.css')
const globalFiles = new Set([
  globalIndex,
  ...[...readFileSync(globalIndex, 'utf8').matchAll(/@import '([^']+)'/g)].map(([, file = '']) =>
    path.join(path.dirname(globalIndex), file),
  ),
])

/** `text` cut at each character `at` matches, except inside parentheses (`:is(.a, .b)`). */
function splitOutsideParens(text: string, at: RegExp): string[] {
  const parts = ['']
  let depth = 0
  for (const char of text) {
    if (char === '(') depth += 1
    if (char === ')') depth -= 1
    if (depth === 0 && at.test(char)) parts.push('')
    else parts[parts.length - 1] += char
  }
  return parts.map((part) => part.trim()).filter(Boolean)
}

/** The classes a stylesheet styles on their own: the first class of a one-compound selector. */
function classesStyledAlone(css: string): Set<string> {
  const classes = new Set<string>()
  const withoutComments = css.replace(/\/\*[\s\S]*?\*\//g, '')
  for (const [, selectors = ''] of withoutComments.matchAll(/([^{};]+)\{/g)) {
    // At-rules' preludes (@media) and keyframes' steps are not selectors.
    if (/^\s*(@|from\b|to\b|\d)/.test(selectors)) continue
    for (const selector of splitOutsideParens(selectors, /,/)) {
      const compounds = splitOutsideParens(selector, /[\s>+~]/)
      const alone = compounds.length === 1 ? /^\.([\w-]+)/.exec(compounds[0] ?? '') : null
      if (alone?.[1]) classes.add(alone[1])
    }
  }
  return classes
}

describe('stylesheets', () => {
  it('reads the selectors it judges', () => {
    const styled = classesStyledAlone(`
      /* .commented { } */
      .card, .card:hover, .tabs__tab.active { color: red; }
      .page .card__title { margin: 0; }
      @media (min-width: 768px) { .grid { gap: 1rem; } }
      @keyframes pulse { from { opacity: 0; } 50% { opacity: 1; } }
      :is(.a, .b) .c { color: blue; }
    `)
    expect([...styled].sort()).toEqual(['card', 'grid', 'tabs__tab'])
  })

  it('style a class on its own in one stylesheet, unless both are part of the global one', () => {
    const owners = new Map<string, string[]>()
    for (const file of stylesheets(src)) {
      for (const name of classesStyledAlone(readFileSync(file, 'utf8'))) {
        owners.set(name, [...(owners.get(name) ?? []), path.relative(root, file)])
      }
    }
    const shared = [...owners]
      .filter(
        ([, files]) =>
          files.length > 1 && files.some((file) => !globalFiles.has(path.join(root, file))),
      )
      .map(([name, files]) => `.${name}: ${files.join(', ')}`)
    expect(shared).toEqual([])
  })
})
