import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { rankRewardMachine } from '../../machines/rank-reward/rank-reward.machine'
import type { RankProgress, RankReward } from '../../contract/progress'
import { RANK_NAMES } from '../../contract/ranks'
import { progressMachine, rankDetailMachine } from '../../src/pages/progress/progress.actors'
import { fakeActors } from './fake-actors'
import { player, renderApp } from './render-app'

const gems = [10, 20, 40, 70, 120, 200, 350, 600, 1000, 1600, 2500, 4000]
const requirements = [
  [0, 0],
  [5, 2],
  [15, 3],
  [35, 4],
  [60, 5],
  [100, 6],
  [160, 8],
  [250, 10],
  [400, 12],
  [600, 15],
  [900, 18],
  [1300, 22],
] as const

/** 38 in the team and 4 direct: Plata I (index 3) reached, Bronce III (index 2) held. */
function progressAt(claimed: readonly number[], played = true): RankProgress {
  const reached = 3
  return {
    rank: { index: 2, name: 'Bronce III', percent: 6 },
    team: 38,
    direct: 4,
    qualified: { team: 38, direct: 4 },
    next: { index: 4, name: 'Plata II', missingTeam: 22, missingDirect: 1, percent: 63 },
    ranks: gems.map((amount, index) => ({
      index,
      name: RANK_NAMES[index] ?? '',
      percent: 4 + index,
      gems: amount,
      requirement: { team: requirements[index]?.[0] ?? 0, direct: requirements[index]?.[1] ?? 0 },
      reached: index <= reached,
      claimed: claimed.includes(index),
    })),
    claimable: [3, 2, 1, 0].filter((index) => !claimed.includes(index)),
    played,
    week: {
      start: '2026-11-23T05:00:00.000Z',
      end: '2026-11-30T05:00:00.000Z',
      secondsLeft: 3 * 24 * 3600,
    },
  }
}

function progressFakes(
  claimedBefore: readonly number[],
  progress: (claimed: readonly number[]) => RankProgress = progressAt,
  played = true,
) {
  const claimed = new Set(claimedBefore)
  const rewardOf = (rankIndex: number): RankReward => ({
    rankIndex,
    name: RANK_NAMES[rankIndex] ?? '',
    gems: gems[rankIndex] ?? 0,
    reached: rankIndex <= 3,
    claimed: claimed.has(rankIndex),
    played,
  })
  const reward = fakeActors(rankRewardMachine, {
    loadReward: async ({ rankIndex }) => rewardOf(rankIndex),
    claimReward: async ({ rankIndex }) => {
      claimed.add(rankIndex)
      return {
        ...rewardOf(rankIndex),
        rank: { index: rankIndex, name: RANK_NAMES[rankIndex] ?? '', percent: 4 + rankIndex },
        payoutId: 'pago-1',
        balances: player.balances,
      }
    },
  })
  return {
    reward,
    overrides: [
      fakeActors(progressMachine, {
        load: async () => ({ data: progress([...claimed]) }),
      }).overrides,
      fakeActors(rankDetailMachine, {
        load: async () => ({
          data: {
            index: 3,
            name: 'Plata I',
            percent: 7,
            requirement: { team: 35, direct: 4 },
            benefits: [],
          },
        }),
      }).overrides,
      reward.overrides,
    ],
  }
}

describe('/progress', () => {
  it('announces a reached, unclaimed rank at the top with its RECLAMAR, and opens the pager there', async () => {
    const fakes = progressFakes([0, 1, 2])
    const { user } = renderApp('/progress', { session: player, actors: fakes.overrides })

    const announced = await screen.findByRole('region', { name: '¡Alcanzaste Plata I!' })
    expect(
      within(announced).getByText(
        'Reclama sus 70 gemas: tu rango sube y recibes el 7% de las gemas que gana tu equipo.',
      ),
    ).toBeTruthy()
    const pager = screen.getByRole('region', { name: 'Detalle de rangos' })
    expect(within(pager).getByRole('heading', { name: 'Plata I · 7%' })).toBeTruthy()
    expect(within(pager).getByText('4 de 12')).toBeTruthy()

    await user.click(await within(announced).findByRole('button', { name: 'RECLAMAR 70 GEMAS' }))
    expect(fakes.reward.calls.claimReward).toHaveBeenCalledWith({ rankIndex: 3 })
    await waitFor(() =>
      expect(screen.queryByRole('region', { name: '¡Alcanzaste Plata I!' })).toBeNull(),
    )
    expect(await within(pager).findByText('Ya reclamaste estas gemas.')).toBeTruthy()
  })

  it('says how many more reached ranks wait to be claimed', async () => {
    renderApp('/progress', { session: player, actors: progressFakes([2]).overrides })
    const announced = await screen.findByRole('region', { name: '¡Alcanzaste Plata I!' })
    expect(
      within(announced).getByText('Y 2 rangos más por reclamar en el detalle de rangos.'),
    ).toBeTruthy()
  })

  it('shows every member and, apart, the ones who played, which a rank counts', async () => {
    // Issue 29's farm: sixty signups under the player, none of whom ever played.
    const farmed = (claimed: readonly number[]): RankProgress => {
      const base = progressAt(claimed)
      return {
        ...base,
        rank: { index: 0, name: 'Bronce I', percent: 4 },
        team: 60,
        direct: 10,
        qualified: { team: 0, direct: 0 },
        next: { index: 1, name: 'Bronce II', missingTeam: 5, missingDirect: 2, percent: 0 },
        ranks: base.ranks.map((step) => ({ ...step, reached: step.index === 0 })),
        claimable: [],
      }
    }
    renderApp('/progress', { session: player, actors: progressFakes([0], farmed).overrides })
    const referrals = await screen.findByRole('region', { name: 'Tus referidos' })
    expect(
      within(referrals).getByText('60 jugadores en tu equipo · 10 referidos directos'),
    ).toBeTruthy()
    expect(
      within(referrals).getByText(
        'Para tu rango cuentan solo los que ya jugaron (una misión verificada o un video completo): 0 jugadores de tu equipo y 0 referidos directos.',
      ),
    ).toBeTruthy()
    expect(
      within(referrals).getByText(
        'Te faltan 5 jugadores más en tu equipo y 2 referidos directos más que ya hayan jugado.',
      ),
    ).toBeTruthy()
  })

  it("keeps a reached rank's gems for a player who never played, and points to the missions", async () => {
    const fakes = progressFakes([0, 1, 2], (claimed) => progressAt(claimed, false), false)
    renderApp('/progress', { session: player, actors: fakes.overrides })
    const announced = await screen.findByRole('region', { name: '¡Alcanzaste Plata I!' })
    expect(within(announced).getByText('Sus 70 gemas te esperan.')).toBeTruthy()
    expect(within(announced).queryByText(/^Reclama sus/)).toBeNull()
    expect(
      await within(announced).findByText(
        'Juega por primera vez para reclamar las gemas de tu rango: reclama una misión verificada o termina un video.',
      ),
    ).toBeTruthy()
    expect(
      within(announced).getByRole('link', { name: 'IR A MISIONES' }).getAttribute('href'),
    ).toBe('/missions')
    expect(within(announced).queryByRole('button', { name: /^RECLAMAR/ })).toBeNull()
    expect(fakes.reward.calls.claimReward).not.toHaveBeenCalled()
  })

  it('opens the pager on the rank held when nothing waits to be claimed', async () => {
    renderApp('/progress', { session: player, actors: progressFakes([0, 1, 2, 3]).overrides })
    const pager = await screen.findByRole('region', { name: 'Detalle de rangos' })
    expect(within(pager).getByRole('heading', { name: 'Bronce III · 6%' })).toBeTruthy()
    expect(screen.queryByRole('region', { name: /^¡Alcanzaste/ })).toBeNull()
  })
})
