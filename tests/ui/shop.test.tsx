import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { currentUrl, player, renderApp } from './render-app'

describe('/shop', () => {
  it('lists the products and opens one with its benefits and where it is bought', async () => {
    const { user, router } = renderApp('/shop', { session: player })
    const batteries = (await screen.findByRole('heading', { name: 'Baterías' })).closest(
      'li',
    ) as HTMLElement
    await user.click(within(batteries).getByRole('link', { name: 'VER BENEFICIOS: Baterías' }))
    await waitFor(() => expect(currentUrl(router)).toBe('/shop/batteries'))
    expect(await screen.findByRole('heading', { level: 1, name: 'Baterías' })).toBeTruthy()
    expect(
      screen.getByText('Generan ganancias que recoges desde tu panel de baterías.'),
    ).toBeTruthy()
    expect(screen.getByRole('link', { name: 'IR A BATERÍAS' }).getAttribute('href')).toBe(
      '/battery',
    )
  })

  it('answers an unknown product with the 404 page', async () => {
    renderApp('/shop/diamantes', { session: player })
    expect(await screen.findByText('This page could not be found')).toBeTruthy()
  })

  it('sends a visitor to log in', async () => {
    const { router } = renderApp('/shop')
    await screen.findByRole('heading', { name: 'Iniciar sesión' })
    await waitFor(() => expect(currentUrl(router)).toBe('/?path=shop'))
  })
})

describe('locked pages', () => {
  it.each(['/coaching', '/trainer', '/missionsOld'])('%s sends a player home', async (path) => {
    const { router } = renderApp(path, { session: player })
    await screen.findByRole('region', { name: 'Tu código de invitación' })
    expect(currentUrl(router)).toBe('/home')
  })

  it.each(['/coaching', '/trainer', '/missionsOld'])('%s sends a visitor to /', async (path) => {
    const { router } = renderApp(path)
    await waitFor(() => expect(currentUrl(router)).toBe('/'))
    expect(await screen.findByRole('button', { name: 'INICIAR SESIÓN' })).toBeTruthy()
  })
})
