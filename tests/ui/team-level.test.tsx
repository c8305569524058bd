import { act, screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import type { MemberDetail, TeamMember } from '../../contract/team'
import { memberDetailMachine, teamLevelMachine } from '../../src/pages/team-level/team-level.actors'
import { fakeActors } from './fake-actors'
import { currentUrl, player, renderApp } from './render-app'

const camila: TeamMember = {
  id: '6f1c2b1e-3d7a-4a55-9a63-0d7f3c1b2a10',
  name: 'Camila Rojas',
  code: 'CAMI2026',
  rank: { index: 0, name: 'Bronce I', percent: 1 },
  level: 1,
  joinedAt: '2026-11-20T15:00:00.000Z',
  penalized: false,
  stationsOn: 3,
  email: null,
}

const andres: TeamMember = {
  ...camila,
  id: '0b8f5a1c-9e2d-4f3b-8c71-5a6d2e9f1b34',
  name: 'Andrés Pérez',
  code: 'ANDRES26',
}

const detailOf = (member: TeamMember): MemberDetail => ({
  ...member,
  parentName: 'Demo',
  direct: 2,
  team: 5,
  penalties: 0,
  weekGems: 14,
})

function teamLevelFakes() {
  const list = fakeActors(teamLevelMachine, {
    load: async () => ({
      data: [camila, andres],
      pagination: { totalPages: 1, totalDocs: 2, limt: 10, page: 1 },
    }),
  })
  const details = fakeActors(memberDetailMachine, {
    load: async () => ({ data: detailOf(camila) }),
  })
  return { list, details, actors: [list.overrides, details.overrides] }
}

describe('/team/{level}/level member details', () => {
  it('opens the details of the member the player chose, and CERRAR closes them', async () => {
    const { details, actors } = teamLevelFakes()
    const { user } = renderApp('/team/1/level', { session: player, actors })
    expect(screen.queryByRole('dialog')).toBeNull()

    await user.click(await screen.findByRole('button', { name: 'Ver detalles de Camila Rojas' }))
    const dialog = await screen.findByRole('dialog', { name: 'Camila Rojas' })
    expect(await within(dialog).findByText('CAMI2026')).toBeTruthy()
    expect(details.calls.load).toHaveBeenCalledTimes(1)

    await user.click(within(dialog).getByRole('button', { name: 'CERRAR' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(screen.getByRole('button', { name: 'Ver detalles de Andrés Pérez' })).toBeTruthy()
  })
})

describe('/team/{level}/level filters', () => {
  it('loads the filters the address carries, and BUSCAR puts the new ones in it from page 1', async () => {
    const { list, actors } = teamLevelFakes()
    const { user, router } = renderApp('/team/1/level?penalizados=si', { session: player, actors })
    await screen.findByRole('button', { name: 'Ver detalles de Camila Rojas' })
    expect(list.calls.load).toHaveBeenLastCalledWith({ page: 1, query: { penalty: 'true' } })
    expect(
      (screen.getByRole('combobox', { name: 'Penalización' }) as HTMLSelectElement).value,
    ).toBe('true')

    await user.type(screen.getByRole('searchbox', { name: 'Buscar por nombre o código' }), 'cami')
    await user.click(screen.getByRole('button', { name: 'BUSCAR' }))
    await waitFor(() =>
      expect(list.calls.load).toHaveBeenLastCalledWith({
        page: 1,
        query: { search: 'cami', penalty: 'true' },
      }),
    )
    expect(currentUrl(router)).toBe('/team/1/level?buscar=cami&penalizados=si')

    await user.selectOptions(screen.getByRole('combobox', { name: 'Penalización' }), 'Todos')
    await waitFor(() =>
      expect(list.calls.load).toHaveBeenLastCalledWith({ page: 1, query: { search: 'cami' } }),
    )
    expect(currentUrl(router)).toBe('/team/1/level?buscar=cami')
  })

  it('keeps the filters on the next level, and back shows the list as it was', async () => {
    const { list, actors } = teamLevelFakes()
    const { user, router } = renderApp('/team/1/level?buscar=cami', { session: player, actors })
    await screen.findByRole('button', { name: 'Ver detalles de Camila Rojas' })

    list.calls.load.mockClear()
    await user.click(screen.getByRole('link', { name: /Nivel 2/ }))
    await waitFor(() => expect(currentUrl(router)).toBe('/team/2/level?buscar=cami'))
    expect(await screen.findByRole('list', { name: 'Nivel 2 de tu equipo' })).toBeTruthy()
    expect(list.calls.load).toHaveBeenCalledExactlyOnceWith({ page: 1, query: { search: 'cami' } })
    list.calls.load.mockClear()

    await act(() => router.navigate(-1))
    expect(currentUrl(router)).toBe('/team/1/level?buscar=cami')
    expect(await screen.findByRole('list', { name: 'Nivel 1 de tu equipo' })).toBeTruthy()
    expect(list.calls.load).toHaveBeenCalledExactlyOnceWith({ page: 1, query: { search: 'cami' } })
    expect(
      (screen.getByRole('searchbox', { name: 'Buscar por nombre o código' }) as HTMLInputElement)
        .value,
    ).toBe('cami')
  })

  it('leaves out a penalty the address does not know, and shows the whole list', async () => {
    const { list, actors } = teamLevelFakes()
    renderApp('/team/1/level?penalizados=quizas', { session: player, actors })
    await screen.findByRole('button', { name: 'Ver detalles de Camila Rojas' })
    expect(list.calls.load).toHaveBeenLastCalledWith({ page: 1, query: {} })
  })
})

describe('/team/{level}/level with a level the team does not have', () => {
  it.each(['99', '0', 'tres'])('names /team/%s/level in its heading and leads back', async (id) => {
    renderApp(`/team/${id}/level`, { session: player, actors: teamLevelFakes().actors })
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Nivel no encontrado' }),
    ).toBeTruthy()
    expect(screen.getByRole('alert').textContent).toContain(
      'Ese nivel no existe: tu equipo tiene 8 niveles.',
    )
    expect(screen.getByRole('link', { name: 'Volver a tu equipo' }).getAttribute('href')).toBe(
      '/team',
    )
  })
})
