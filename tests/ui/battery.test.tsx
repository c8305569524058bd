import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { batteryOperationMachine } from '../../machines/battery-operation/battery-operation.machine'
import { sellOfferMachine } from '../../machines/sell-offer/sell-offer.machine'
import { terydollarPurchaseMachine } from '../../machines/terydollar-purchase/terydollar-purchase.machine'
import { sampleTerydollarOrders } from '../../machines/terydollar-purchase/terydollar-purchase.samples'
import type { BatteryQuote } from '../../contract/battery'
import type { OfferResult } from '../../contract/trading'
import { boardMachine } from '../../src/pages/battery/battery.actors'
import { fakeActors } from './fake-actors'
import { currentUrl, player, renderApp } from './render-app'
import { balances, batteryPageFakes, boardOffers, overview } from './support/economy-fakes'

const order = sampleTerydollarOrders.awaitingVoucher

function terydollarsInHeader() {
  const list = screen.getByRole('list', { name: 'Tus recursos' })
  return within(list)
    .getAllByRole('listitem')
    .find((item) => item.textContent?.startsWith('Terydólares'))?.textContent
}

describe('/battery', () => {
  it(
    'buys terydollars: bitcoin by default, the error under the amount, the order in pesos, the voucher checked first',
    { timeout: 20_000 },
    async () => {
      const purchase = fakeActors(terydollarPurchaseMachine, {
        loadOrder: async () => ({ order: null, balances }),
        placeOrder: async () => order,
        sendVoucher: async () => ({
          ...order,
          state: 'voucherSent' as const,
          voucherSentAt: '2026-11-23T15:05:00.000Z',
        }),
        acknowledgeOutcome: async () => ({ messages: [] }),
      })
      const { user } = renderApp('/battery', {
        session: player,
        actors: [...batteryPageFakes(), purchase.overrides],
      })
      const bitcoin = await screen.findByRole('radio', { name: 'Bitcoin' })
      expect((bitcoin as HTMLInputElement).checked).toBe(true)
      // The picker shows disabled while the open order is asked for; a player picks once it answers.
      await waitFor(() => expect(bitcoin).toHaveProperty('disabled', false))
      await user.click(screen.getByRole('radio', { name: 'Nequi' }))
      await user.click(screen.getByRole('button', { name: 'CONTINUAR' }))

      const amount = screen.getByRole('textbox', { name: 'Cantidad de terydólares' })
      await user.type(amount, '3')
      await user.click(screen.getByRole('button', { name: 'CREAR ORDEN' }))
      expect(amount.getAttribute('aria-invalid')).toBe('true')
      expect(screen.getByText('El mínimo es 5')).toBeTruthy()
      expect(purchase.calls.placeOrder).not.toHaveBeenCalled()

      await user.clear(amount)
      await user.type(amount, '50')
      expect(screen.getByText(/Pagarás \$\s210\.000 COP/)).toBeTruthy()
      await user.click(screen.getByRole('button', { name: 'CREAR ORDEN' }))
      expect(purchase.calls.placeOrder).toHaveBeenCalledWith({ method: 'nequi', amount: 50 })
      expect(await screen.findByRole('heading', { name: 'Orden #12' })).toBeTruthy()
      expect(screen.getByText('3001234567')).toBeTruthy()

      const voucher = screen.getByLabelText('Comprobante de pago (imagen PNG, JPEG o WEBP)')
      const huge = new File([new Uint8Array(2_000_001)], 'pago.png', { type: 'image/png' })
      await user.upload(voucher, huge)
      expect(screen.getByText('El comprobante pesa más de 2 MB')).toBeTruthy()
      await user.click(screen.getByRole('button', { name: 'ENVIAR COMPROBANTE' }))
      expect(purchase.calls.sendVoucher).not.toHaveBeenCalled()

      const photo = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'pago.png', {
        type: 'image/png',
      })
      await user.upload(voucher, photo)
      await user.click(screen.getByRole('button', { name: 'ENVIAR COMPROBANTE' }))
      expect(purchase.calls.sendVoucher).toHaveBeenCalledWith({ orderId: 12, file: photo })
      expect(await screen.findByText(/Recibimos tu comprobante/)).toBeTruthy()
    },
  )

  it('tells an order rejected while the player was away, with the reason, until ENTENDIDO', async () => {
    const rejected = sampleTerydollarOrders.rejected
    const purchase = fakeActors(terydollarPurchaseMachine, {
      loadOrder: async () => ({ order: rejected, balances }),
      placeOrder: async () => order,
      sendVoucher: async () => order,
      acknowledgeOutcome: async () => ({ messages: [] }),
    })
    const { user } = renderApp('/battery', {
      session: player,
      actors: [...batteryPageFakes(), purchase.overrides],
    })

    expect(await screen.findByText('Tu orden de 50 terydólares fue rechazada.')).toBeTruthy()
    expect(screen.getByText('Motivo: El comprobante no coincide con el valor')).toBeTruthy()
    expect(screen.queryByRole('radio', { name: 'Bitcoin' })).toBeNull()
    await user.click(screen.getByRole('button', { name: 'ENTENDIDO' }))
    expect(purchase.calls.acknowledgeOutcome).toHaveBeenCalledWith({
      messageId: rejected.outcomeMessageId,
    })
    expect(await screen.findByRole('radio', { name: 'Bitcoin' })).toBeTruthy()
    expect(screen.queryByText(/fue rechazada/)).toBeNull()
  })

  it('previews a battery purchase with the server’s figures, and the header shows the new balance', async () => {
    const quote: BatteryQuote = {
      operation: 'buy',
      amount: 2,
      spend: { currency: 'terydollars', amount: 20 },
      receive: null,
      batteries: { before: 15, after: 17 },
      gemsPerDay: { before: 120, after: 136 },
      shortfall: null,
    }
    const operation = fakeActors(batteryOperationMachine, {
      quoteOperation: async () => quote,
      runOperation: async () => ({ ...overview, balances: { ...balances, terydollars: 35 } }),
    })
    const { user } = renderApp('/battery', {
      session: player,
      actors: [...batteryPageFakes(), operation.overrides],
    })
    await user.type(await screen.findByRole('textbox', { name: 'Baterías a comprar' }), '2')
    await user.click(screen.getByRole('button', { name: 'COMPRAR BATERÍAS' }))
    const dialog = await screen.findByRole('dialog', { name: 'Comprar baterías' })
    expect(within(dialog).getByText('20 terydólares')).toBeTruthy()
    expect(within(dialog).getByText('15 → 17')).toBeTruthy()
    expect(operation.calls.runOperation).not.toHaveBeenCalled()
    await user.click(within(dialog).getByRole('button', { name: 'CONFIRMAR' }))
    expect(await screen.findByRole('dialog', { name: '¡Listo!' })).toBeTruthy()
    expect(operation.calls.runOperation).toHaveBeenCalledWith({ operation: 'buy', amount: 2 })
    await waitFor(() => expect(terydollarsInHeader()).toBe('Terydólares: 35'))
  })

  it('says why an operation would be refused and offers no confirmation', async () => {
    const operation = fakeActors(batteryOperationMachine, {
      quoteOperation: async (): Promise<BatteryQuote> => ({
        operation: 'burn',
        amount: 90,
        spend: { currency: 'terydollars', amount: 90 },
        receive: { currency: 'gems', amount: 8_100 },
        batteries: { before: 15, after: 15 },
        gemsPerDay: { before: 120, after: 120 },
        shortfall: 'No tienes suficientes terydólares',
      }),
      runOperation: async () => ({ ...overview, balances }),
    })
    const { user } = renderApp('/battery', {
      session: player,
      actors: [...batteryPageFakes(), operation.overrides],
    })
    await user.type(await screen.findByRole('textbox', { name: 'Terydólares a quemar' }), '90')
    await user.click(screen.getByRole('button', { name: 'QUEMAR' }))
    const dialog = await screen.findByRole('dialog', { name: 'No se puede realizar' })
    expect(within(dialog).getByRole('alert').textContent).toBe('No tienes suficientes terydólares')
    expect(within(dialog).queryByRole('button', { name: 'CONFIRMAR' })).toBeNull()
  })

  it('shows the fee and the escrow of a sell offer before listing it', async () => {
    const sell = fakeActors(sellOfferMachine, {
      createOffer: async (): Promise<OfferResult> => ({
        offer: {
          id: 40,
          amount: 7,
          price: 33,
          total: 231,
          fee: 7,
          state: 'open',
          buyer: null,
          createdAt: '2026-11-23T15:00:00.000Z',
          closedAt: null,
        },
        balances: { ...balances, terydollars: 48 },
      }),
    })
    const { user } = renderApp('/battery', {
      session: player,
      actors: [...batteryPageFakes(), sell.overrides],
    })
    const form = await screen.findByRole('form', { name: 'Vender terydólares' })
    await user.type(
      within(form).getByRole('textbox', { name: 'Precio por terydólar (gemas)' }),
      '33',
    )
    await user.type(within(form).getByRole('textbox', { name: 'Terydólares a vender' }), '7')
    await user.click(within(form).getByRole('button', { name: 'REVISAR OFERTA' }))
    const preview = screen.getByRole('group', { name: 'Así queda tu oferta' })
    const figure = (label: string | RegExp) =>
      within(preview).getByText(label).parentElement?.querySelector('dd')?.textContent
    expect(figure('El comprador paga')).toBe('231')
    expect(figure('Comisión del mercado (3%)')).toBe('−7')
    expect(figure('Recibes si se vende')).toBe('224')
    expect(figure('Terydólares apartados mientras esté publicada')).toBe('7')
    expect(sell.calls.createOffer).not.toHaveBeenCalled()
    await user.click(within(preview).getByRole('button', { name: 'PUBLICAR OFERTA' }))
    expect(sell.calls.createOffer).toHaveBeenCalledWith({ price: 33, amount: 7 })
    expect(await screen.findByText('Tu oferta ya está en el mercado.')).toBeTruthy()
  })

  it('moves between the board’s pages within the server’s page count, and shows each tab', async () => {
    const board = fakeActors(boardMachine, {
      load: async ({ page }) => ({
        data: boardOffers,
        pagination: { totalPages: 2, totalDocs: 12, limt: 10, page },
      }),
    })
    const { user, router } = renderApp('/battery', {
      session: player,
      actors: [...batteryPageFakes(), board.overrides],
    })
    const pages = await screen.findByRole('navigation', { name: 'Páginas de Ofertas' })
    expect(within(pages).getByText('Página 1 de 2')).toBeTruthy()
    expect(
      (within(pages).getByRole('button', { name: 'ANTERIOR' }) as HTMLButtonElement).disabled,
    ).toBe(true)
    await user.click(within(pages).getByRole('button', { name: 'SIGUIENTE' }))
    expect(board.calls.load).toHaveBeenLastCalledWith({ page: 2, query: {} })
    expect(await within(pages).findByText('Página 2 de 2')).toBeTruthy()

    await user.click(screen.getByRole('tab', { name: 'Mis ofertas' }))
    expect(await screen.findByText('Abierta')).toBeTruthy()
    await user.click(screen.getByRole('tab', { name: 'Historial' }))
    expect(currentUrl(router)).toBe('/battery?tablero=historial')
    expect(await screen.findByText(/Recibiste 873 gemas \(comisión 27\)/)).toBeTruthy()
    expect(screen.getByText(/con Santiago Rodríguez/)).toBeTruthy()
  })

  it('keeps the tab in the address: the page opened at ?tablero=historial shows the history', async () => {
    const { user, router } = renderApp('/battery?tablero=historial', {
      session: player,
      actors: batteryPageFakes(),
    })
    expect(await screen.findByText(/Recibiste 873 gemas \(comisión 27\)/)).toBeTruthy()
    expect(screen.getByRole('tab', { name: 'Historial' }).getAttribute('aria-selected')).toBe(
      'true',
    )
    await user.click(screen.getByRole('tab', { name: 'Mis ofertas' }))
    expect(await screen.findByText('Abierta')).toBeTruthy()
    expect(currentUrl(router)).toBe('/battery?tablero=mias')
  })
})
