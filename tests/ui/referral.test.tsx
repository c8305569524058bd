import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import type { Referral } from '../../contract/team'
import { referralsMachine } from '../../src/pages/referral/referral.actors'
import { fakeActors } from './fake-actors'
import { currentUrl, player, renderApp } from './render-app'

const played: Referral = {
  id: '6f1c2b1e-3d7a-4a55-9a63-0d7f3c1b2a10',
  name: 'Camila Rojas',
  code: 'CAMI2026',
  rank: { index: 0, name: 'Bronce I', percent: 4 },
  level: 1,
  joinedAt: '2026-11-20T15:00:00.000Z',
  penalized: false,
  stationsOn: 0,
  email: null,
  team: 0,
  // 21:05 on 21 November in Bogota (UTC-5).
  reward: { gems: 10, paidAt: '2026-11-22T02:05:00.000Z' },
}

const waiting: Referral = {
  ...played,
  id: '0b8f5a1c-9e2d-4f3b-8c71-5a6d2e9f1b34',
  name: 'Andrés Pérez',
  code: 'ANDRES26',
  reward: { gems: 10, paidAt: null },
}

describe('/referral', () => {
  it('shows each referral reward: pending with why until the referral plays, then paid with its Bogota date', async () => {
    const referrals = fakeActors(referralsMachine, {
      load: async () => ({
        data: [played, waiting],
        pagination: { totalPages: 1, totalDocs: 2, limt: 10, page: 1 },
      }),
    })
    renderApp('/referral', { session: player, actors: [referrals.overrides] })
    const list = await screen.findByRole('list', { name: 'Tus referidos directos' })
    const [camila, andres] = within(list).getAllByRole('listitem')
    expect(camila?.textContent).toContain('Pagada')
    expect(camila?.textContent).toContain(
      'Recibiste 10 gemas por este referido el 21/11/2026 09:05 PM.',
    )
    expect(andres?.textContent).toContain('Pendiente')
    expect(andres?.textContent).toContain(
      'Tu recompensa de 10 gemas por este referido está pendiente.',
    )
    expect(andres?.textContent).toContain(
      'Se paga cuando juegue por primera vez: al reclamar una misión social verificada o al terminar un video.',
    )
    expect(andres?.textContent).toContain('Se unió el 20/11/2026 10:00 AM')
  })

  it('loads the filters the address carries, and BUSCAR puts the new ones in it from page 1', async () => {
    const referrals = fakeActors(referralsMachine, {
      load: async () => ({
        data: [played],
        pagination: { totalPages: 1, totalDocs: 1, limt: 10, page: 1 },
      }),
    })
    const { user, router } = renderApp('/referral?buscar=cami', {
      session: player,
      actors: [referrals.overrides],
    })
    await screen.findByRole('list', { name: 'Tus referidos directos' })
    expect(referrals.calls.load).toHaveBeenCalledExactlyOnceWith({
      page: 1,
      query: { search: 'cami' },
    })
    const search = screen.getByRole('searchbox', { name: 'Buscar por nombre o código' })
    expect((search as HTMLInputElement).value).toBe('cami')

    await user.selectOptions(
      screen.getByRole('combobox', { name: 'Penalización' }),
      'Sin penalización',
    )
    await waitFor(() =>
      expect(referrals.calls.load).toHaveBeenLastCalledWith({
        page: 1,
        query: { search: 'cami', penalty: 'false' },
      }),
    )
    expect(currentUrl(router)).toBe('/referral?buscar=cami&penalizados=no')

    await user.clear(search)
    await user.click(screen.getByRole('button', { name: 'BUSCAR' }))
    await waitFor(() =>
      expect(referrals.calls.load).toHaveBeenLastCalledWith({
        page: 1,
        query: { penalty: 'false' },
      }),
    )
    expect(currentUrl(router)).toBe('/referral?penalizados=no')
  })
})
