import { screen } from '@testing-library/react'
import { afterEach, expect, it } from 'vitest'

// tests/setup/ui.ts keeps jsdom's resolved styles while the document does not change: a query
// must still see a style the page changes at once, in the same tick.
afterEach(() => {
  document.body.replaceChildren()
})

it('sees an inline style hide and show an element in the same tick', () => {
  const panel = document.createElement('section')
  const button = document.createElement('button')
  button.textContent = 'RECLAMAR'
  panel.append(button)
  document.body.append(panel)
  expect(screen.getByRole('button', { name: 'RECLAMAR' })).toBe(button)
  panel.style.display = 'none'
  expect(screen.queryByRole('button', { name: 'RECLAMAR' })).toBeNull()
  panel.style.display = ''
  expect(screen.getByRole('button', { name: 'RECLAMAR' })).toBe(button)
  panel.style.visibility = 'hidden'
  expect(screen.queryByRole('button', { name: 'RECLAMAR' })).toBeNull()
})
