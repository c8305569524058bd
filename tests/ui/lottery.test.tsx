import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { lotteryEntryMachine } from '../../machines/lottery-entry/lottery-entry.machine'
import { sampleDraws } from '../../machines/lottery-entry/lottery-entry.samples'
import type { LotteryDraw, LotteryList } from '../../contract/lottery'
import { lotteryHistoryMachine } from '../../src/pages/lottery/lottery.actors'
import { fakeActors, type FakeFunctions } from './fake-actors'
import { player, renderApp } from './render-app'

/** The worked example of docs/economy.md, drawn: 7 tickets, ticket 7 won. */
const workedExample: LotteryDraw = { ...sampleDraws.missed, number: 3 }

function history(draws: LotteryDraw[], signedIn: boolean) {
  const list: LotteryList = {
    draws,
    pagination: { totalPages: 1, totalDocs: draws.length, limt: 5, page: 1 },
    signedIn,
  }
  return fakeActors(lotteryHistoryMachine, {
    load: async () => ({ data: list, pagination: list.pagination }),
  })
}

function entry(
  signedIn: boolean,
  overrides: Partial<FakeFunctions<typeof lotteryEntryMachine>> = {},
) {
  return fakeActors(
    lotteryEntryMachine,
    {
      loadDraw: async () => ({ draw: sampleDraws.open, signedIn }),
      enterDraw: async () => ({
        draw: sampleDraws.entered,
        balances: { ...player.balances, terycarbons: 2450 },
      }),
    },
    overrides,
  )
}

describe('/lottery', () => {
  it('shows a visitor the draw, its date, prize and price, and asks them to log in to play', async () => {
    renderApp('/lottery', {
      actors: [entry(false).overrides, history([workedExample], false).overrides],
    })

    const card = await screen.findByRole('region', { name: 'Sorteo #4' })
    expect(within(card).getByText('200 gemas')).toBeTruthy()
    expect(within(card).getByText('29/11/2026 08:00 PM')).toBeTruthy()
    expect(within(card).getByText('50 terycarbonos')).toBeTruthy()
    expect(within(card).getByRole('link', { name: 'INICIAR SESIÓN' }).getAttribute('href')).toBe(
      '/?path=lottery',
    )
    expect(within(card).queryByRole('button', { name: 'PARTICIPAR' })).toBeNull()
    const table = await screen.findByRole('table')
    expect(within(table).queryByRole('columnheader', { name: 'Tu boleto' })).toBeNull()
    expect(within(table).getByText('#7 · Valentina G.')).toBeTruthy()
  })

  it('shows the past draws and how to check one under the draw once both have answered, so nothing in view moves', async () => {
    // One answer, made before the page asks for it: the loading card can show before the machine
    // calls loadDraw, and an answer given before that call must not be lost.
    let answer: (loaded: { draw: LotteryDraw; signedIn: boolean }) => void = () => undefined
    const loaded = new Promise<{ draw: LotteryDraw; signedIn: boolean }>((done) => (answer = done))
    const draw = entry(true, { loadDraw: () => loaded })
    renderApp('/lottery', {
      session: player,
      actors: [draw.overrides, history([workedExample], true).overrides],
    })

    expect(await screen.findByRole('region', { name: 'Cargando el sorteo…' })).toBeTruthy()
    expect(screen.queryByRole('heading', { name: 'Sorteos anteriores' })).toBeNull()
    expect(screen.queryByRole('heading', { name: '¿Cómo se comprueba un sorteo?' })).toBeNull()
    answer({ draw: sampleDraws.open, signedIn: true })
    const card = await screen.findByRole('region', { name: 'Sorteo #4' })
    const past = await screen.findByRole('region', { name: 'Sorteos anteriores' })
    const how = screen.getByRole('region', { name: '¿Cómo se comprueba un sorteo?' })
    expect(card.compareDocumentPosition(past) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy()
    expect(past.compareDocumentPosition(how) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy()
  })

  it('lets a player take part after confirming the price, and the header shows the new balance', async () => {
    const fakes = entry(true)
    const { user } = renderApp('/lottery', {
      session: player,
      actors: [fakes.overrides, history([], true).overrides],
    })

    await user.click(await screen.findByRole('button', { name: 'PARTICIPAR' }))
    const dialog = await screen.findByRole('dialog', { name: '¿Participar en el sorteo #4?' })
    expect(within(dialog).getByText('Tu saldo: 2.500 terycarbonos.')).toBeTruthy()
    expect(fakes.calls.enterDraw).not.toHaveBeenCalled()
    await user.click(within(dialog).getByRole('button', { name: 'CONFIRMAR' }))

    expect(await screen.findByText('Ya participas en este sorteo.')).toBeTruthy()
    expect(fakes.calls.enterDraw).toHaveBeenCalledWith({ drawId: sampleDraws.open.id })
    expect(await screen.findByText('¡Ya participas en el sorteo!')).toBeTruthy()
    const balances = screen.getByRole('list', { name: 'Tus recursos' })
    await waitFor(() => expect(within(balances).getByText('2.450')).toBeTruthy())
  })

  it('says why an entry was refused and leaves the card open', async () => {
    const { user } = renderApp('/lottery', {
      session: player,
      actors: [
        entry(true, {
          enterDraw: async () => {
            throw {
              status: 400,
              message: 'No tienes suficientes terycarbonos para participar',
              network: false,
            }
          },
        }).overrides,
        history([], true).overrides,
      ],
    })
    await user.click(await screen.findByRole('button', { name: 'PARTICIPAR' }))
    await user.click(await screen.findByRole('button', { name: 'CONFIRMAR' }))
    expect((await screen.findByRole('alert')).textContent).toBe(
      'No tienes suficientes terycarbonos para participar',
    )
    expect(screen.getByRole('button', { name: 'PARTICIPAR' })).toBeTruthy()
  })

  it("shows the player's ticket in past draws and verifies a draw in the browser", async () => {
    const { user } = renderApp('/lottery', {
      session: player,
      actors: [
        entry(true).overrides,
        history([{ ...workedExample, myEntry: { ticket: 2 } }], true).overrides,
      ],
    })
    const table = await screen.findByRole('table')
    expect(within(table).getByRole('columnheader', { name: 'Tu boleto' })).toBeTruthy()
    expect(within(table).getByText('#2')).toBeTruthy()

    await user.click(within(table).getByRole('button', { name: 'Verificar el sorteo #3' }))

    const check = await screen.findByRole('region', { name: 'Verificación del sorteo #3' })
    expect(await within(check).findByText('Verificado: el sorteo fue justo.')).toBeTruthy()
    // The worked example of docs/economy.md, computed here with Web Crypto.
    expect(
      within(check).getByText('a8ae6e6ee929abea3afcfc5258c8ccd6f85273e0d4626d26c7279f3250f77c8e', {
        selector: 'dd:nth-of-type(3) code',
      }),
    ).toBeTruthy()
    expect(
      within(check).getByText('ab746d74d28138762a254367b4465d97fbfbe13e04ea850ec8792d2c40dfcef2'),
    ).toBeTruthy()
    expect(within(check).getByText(/Boleto calculado: #7/)).toBeTruthy()
    await user.click(within(check).getByRole('button', { name: 'CERRAR' }))
    expect(screen.queryByRole('region', { name: 'Verificación del sorteo #3' })).toBeNull()
  })

  it('says so when the announced winner is not the one the seed gives', async () => {
    const forged = { ...workedExample, winner: { ticket: 3, name: 'Jugador D.' } }
    const { user } = renderApp('/lottery', {
      actors: [entry(false).overrides, history([forged], false).overrides],
    })
    await user.click(await screen.findByRole('button', { name: 'Verificar el sorteo #3' }))
    expect(
      await screen.findByText(
        'La verificación no coincide. Escríbenos a soporte con el número del sorteo.',
      ),
    ).toBeTruthy()
  })
})
