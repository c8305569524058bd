import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import type { MemberDetail, TeamMember } from '../../contract/team'
import { memberDetailMachine, teamLevelMachine } from '../../src/pages/team-level/team-level.actors'
import { fakeActors } from './fake-actors'
import { player, renderApp } from './render-app'

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
  const details = fakeActors(memberDetailMachine, {
    load: async () => ({ data: detailOf(camila) }),
  })
  return {
    details,
    actors: [
      fakeActors(teamLevelMachine, {
        load: async () => ({
          data: [camila, andres],
          pagination: { totalPages: 1, totalDocs: 2, limt: 10, page: 1 },
        }),
      }).overrides,
      details.overrides,
    ],
  }
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
