import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { SimulatedClock } from 'xstate'
import { mineMachine } from '../../machines/mine/mine.machine'
import { sampleFillingMine } from '../../machines/mine/mine.samples'
import { payoutExplanationMachine } from '../../machines/payout-explanation/payout-explanation.machine'
import {
  sampleCollectPayout,
  sampleRankPayout,
} from '../../machines/payout-explanation/payout-explanation.samples'
import type { MineState, PayoutSummary } from '../../contract/mining'
import { tickerMachine } from '../../machines/ticker/ticker.machine'
import { payoutsMachine } from '../../src/pages/mine/mine.actors'
import { fakeActors, type FakeFunctions } from './fake-actors'
import { noResponse, player, renderApp, type Failure } from './render-app'

const summaries: PayoutSummary[] = [sampleCollectPayout, sampleRankPayout].map(
  ({ cause: _, ...rest }) => rest,
)

/** The browser's clock when the sample mine was answered: the backpack holds what it said. */
const sampleAnsweredAt = Date.parse(sampleFillingMine.backpack.at)

const notFound: Failure = { status: 404, message: 'Ese pago no existe', network: false }

/** /mine with a filling mine, two payouts and their explanations. */
function minePageFakes(loadPayout: FakeFunctions<typeof payoutExplanationMachine>['loadPayout']) {
  const explanation = fakeActors(payoutExplanationMachine, { loadPayout })
  return {
    explanation,
    actors: [
      fakeActors(mineMachine, {
        loadMine: async () => sampleFillingMine,
        collect: async () => {
          throw notFound
        },
        collectBonus: async () => {
          throw notFound
        },
        readClock: async () => sampleAnsweredAt,
      }).overrides,
      fakeActors(payoutsMachine, {
        load: async () => ({
          data: summaries,
          pagination: { totalPages: 1, totalDocs: 2, limt: 10, page: 1 },
        }),
      }).overrides,
      explanation.overrides,
    ],
  }
}

const byId = async ({ id }: { id: string }) => {
  const payout = [sampleCollectPayout, sampleRankPayout].find((item) => item.id === id)
  if (!payout) throw notFound
  return payout
}

describe('/mine while the mine loads', () => {
  /** /mine whose GET /api/node answers when the test says, with the given outcomes in turn. */
  function pendingMine() {
    const answers: { resolve: (mine: MineState) => void; reject: (failure: Failure) => void }[] = []
    const mine = fakeActors(mineMachine, {
      loadMine: () =>
        new Promise<MineState>((resolve, reject) => {
          answers.push({ resolve, reject })
        }),
      collect: async () => {
        throw notFound
      },
      collectBonus: async () => {
        throw notFound
      },
      readClock: async () => sampleAnsweredAt,
    })
    const payouts = fakeActors(payoutsMachine, {
      load: async () => ({
        data: [],
        pagination: { totalPages: 1, totalDocs: 0, limt: 10, page: 1 },
      }),
    })
    return { answers, actors: [mine.overrides, payouts.overrides] }
  }

  it('draws every card with its own words, the figures still to come, then the mine in them', async () => {
    const { answers, actors } = pendingMine()
    renderApp('/mine', { session: player, actors })

    expect(await screen.findByRole('status', { name: 'Cargando tu mina…' })).toBeTruthy()
    const backpack = screen.getByRole('region', { name: 'Mochila' })
    expect(within(backpack).getByRole('button', { name: 'RECOGER' })).toHaveProperty(
      'disabled',
      true,
    )
    expect(within(backpack).queryByRole('meter')).toBeNull()
    const bonus = screen.getByRole('region', { name: 'Bono de equipo' })
    expect(
      within(bonus).getByText(
        'Tu porcentaje de rango sobre lo que ganó tu equipo cada día, repartido entre las estaciones que tenías encendidas.',
      ),
    ).toBeTruthy()
    expect(within(bonus).getByRole('button', { name: 'RECOGER BONO' })).toHaveProperty(
      'disabled',
      true,
    )
    expect(screen.queryByRole('link', { name: /^Modo:/ })).toBeNull()
    expect(screen.queryByRole('list', { name: 'Las nueve estaciones de tu mina' })).toBeNull()

    await waitFor(() => expect(answers).toHaveLength(1))
    answers[0]?.resolve(sampleFillingMine)

    const stations = await screen.findByRole('list', { name: 'Las nueve estaciones de tu mina' })
    expect(within(stations).getAllByRole('listitem')).toHaveLength(9)
    expect(screen.queryByRole('status', { name: 'Cargando tu mina…' })).toBeNull()
    expect(screen.getByRole('link', { name: 'Modo: Gemas · Cambiar modo' })).toBeTruthy()
    expect(within(backpack).getByRole('meter', { name: /^Mochila llena al / })).toBeTruthy()
    expect(within(bonus).getByText('5 gemas listas de 1 día')).toBeTruthy()
    expect(within(bonus).getByRole('button', { name: 'RECOGER BONO' })).toHaveProperty(
      'disabled',
      false,
    )
  })

  it('says why the mine could not be read, and REINTENTAR reads it again', async () => {
    const { answers, actors } = pendingMine()
    const { user } = renderApp('/mine', { session: player, actors })

    await waitFor(() => expect(answers).toHaveLength(1))
    answers[0]?.reject(noResponse)
    const alert = await screen.findByRole('alert')
    expect(within(alert).getByText('No pudimos cargar tu mina.')).toBeTruthy()
    expect(within(alert).getByText(noResponse.message)).toBeTruthy()
    expect(screen.queryByRole('region', { name: 'Mochila' })).toBeNull()

    await user.click(within(alert).getByRole('button', { name: 'REINTENTAR' }))
    expect(await screen.findByRole('status', { name: 'Cargando tu mina…' })).toBeTruthy()
    await waitFor(() => expect(answers).toHaveLength(2))
    answers[1]?.resolve(sampleFillingMine)
    expect(
      await screen.findByRole('list', { name: 'Las nueve estaciones de tu mina' }),
    ).toBeTruthy()
    expect(screen.queryByRole('alert')).toBeNull()
  })
})

describe('/mine stations', () => {
  it("counts a run down to its end on the browser's clock, right again a second after a frozen tab", async () => {
    // The sample's stations 1 to 6 run until 16:00 UTC; the browser's clock says 15:20.
    let browserNow = Date.parse('2026-11-20T15:20:00.000Z')
    const clock = new SimulatedClock()
    renderApp('/mine', {
      session: player,
      clock,
      actors: [
        ...minePageFakes(byId).actors,
        fakeActors(tickerMachine, { readClock: async () => browserNow }).overrides,
      ],
    })
    const stations = await screen.findByRole('list', { name: 'Las nueve estaciones de tu mina' })
    const mina = within(stations).getByRole('listitem', { name: 'Mina' })
    expect(await within(mina).findByText('Se apaga en 40:00')).toBeTruthy()
    const banco = within(stations).getByRole('listitem', { name: 'Banco' })
    expect(within(banco).queryByText(/^Se apaga en/)).toBeNull()

    // A phone froze the tab for half an hour: its timers slept, its clock did not.
    browserNow += 30 * 60 * 1000 + 1000
    clock.increment(1000)
    expect(await within(mina).findByText('Se apaga en 09:59')).toBeTruthy()
  })
})

describe('/mine payouts', () => {
  it('opens the explanation of a payout, by station, as the ledger recorded it, and closes it', async () => {
    const { explanation, actors } = minePageFakes(byId)
    const { user } = renderApp('/mine', { session: player, actors })
    const list = await screen.findByRole('region', { name: 'Tus pagos' })
    expect(screen.queryByRole('dialog')).toBeNull()

    await user.click(
      await within(list).findByRole('button', {
        name: /^Ver cálculo de Recolección de la mina del /,
      }),
    )
    const dialog = await screen.findByRole('dialog', { name: 'Recolección de la mina' })
    expect(explanation.calls.loadPayout).toHaveBeenCalledWith({ id: '12' })
    expect(within(dialog).getByText('+58 gemas')).toBeTruthy()
    expect(
      within(dialog).getByText(/^Se produjeron 58,4 gemas; la mochila guarda hasta 60 gemas/),
    ).toBeTruthy()
    expect(within(dialog).getByRole('heading', { name: 'Por estación' })).toBeTruthy()
    expect(within(dialog).getByText(/^Banco · 35/)).toBeTruthy()
    expect(
      within(dialog).getByText('Leído tal como quedó registrado en el libro de cuentas.'),
    ).toBeTruthy()

    await user.click(within(dialog).getByRole('button', { name: 'CERRAR' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())

    await user.click(
      within(list).getByRole('button', { name: /^Ver cálculo de Gemas de rango del / }),
    )
    const rank = await screen.findByRole('dialog', { name: 'Gemas de rango' })
    expect(explanation.calls.loadPayout).toHaveBeenLastCalledWith({ id: '13' })
    expect(within(rank).getByText('Alcanzaste el rango Bronce I.')).toBeTruthy()
    expect(
      within(rank).getByText(
        'Contaron para el rango 12 jugadores de tu equipo y 3 referidos directos.',
      ),
    ).toBeTruthy()
  })

  it('shows why a payout could not be read, with a retry, and the payout once it is read', async () => {
    let calls = 0
    const { explanation, actors } = minePageFakes(async (input) => {
      calls += 1
      if (calls === 1) throw notFound
      return byId(input)
    })
    const { user } = renderApp('/mine', { session: player, actors })
    const list = await screen.findByRole('region', { name: 'Tus pagos' })
    await user.click(
      await within(list).findByRole('button', { name: /^Ver cálculo de Gemas de rango del / }),
    )

    const dialog = await screen.findByRole('dialog', { name: 'Cálculo del pago' })
    const alert = await within(dialog).findByRole('alert')
    expect(within(alert).getByText('No pudimos cargar este pago.')).toBeTruthy()
    expect(within(alert).getByText('Ese pago no existe')).toBeTruthy()

    await user.click(within(alert).getByRole('button', { name: 'REINTENTAR' }))
    const rank = await screen.findByRole('dialog', { name: 'Gemas de rango' })
    expect(explanation.calls.loadPayout).toHaveBeenCalledTimes(2)
    expect(explanation.calls.loadPayout).toHaveBeenLastCalledWith({ id: '13' })
    expect(within(rank).queryByRole('alert')).toBeNull()
    expect(within(rank).getByText('Alcanzaste el rango Bronce I.')).toBeTruthy()

    await user.click(within(rank).getByRole('button', { name: 'Cerrar' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
  })
})

describe('/mine help', () => {
  it("opens AYUDA with the game's own numbers, and ENTENDIDO closes it", async () => {
    const { actors } = minePageFakes(byId)
    const { user } = renderApp('/mine', { session: player, actors })
    await user.click(await screen.findByRole('button', { name: 'AYUDA' }))

    const dialog = await screen.findByRole('dialog', { name: 'Cómo funciona la mina' })
    expect(
      within(dialog).getByText(
        'Cada estación se enciende con terycarbonos y produce durante 24 horas; después se apaga sola.',
      ),
    ).toBeTruthy()
    expect(
      within(dialog).getByText(/^La mochila guarda hasta 300 terycarbonos \(60 gemas\)/),
    ).toBeTruthy()

    await user.click(within(dialog).getByRole('button', { name: 'ENTENDIDO' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(screen.getByRole('button', { name: 'AYUDA' })).toBeTruthy()
  })
})
