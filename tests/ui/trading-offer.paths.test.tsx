import { screen, within } from '@testing-library/react'
import { expect } from 'vitest'
import { tradingOfferEntry } from '../../machines/trading-offer/trading-offer.samples'
import { player, renderApp } from './render-app'
import { batteryPageFakes } from './support/economy-fakes'
import { describeViewPaths, notFromView } from './support/view-paths'

const dialog = () => screen.queryByRole('dialog')

function inDialog(name: string) {
  const shown = screen.getByRole('dialog', { name })
  return within(shown)
}

describeViewPaths(tradingOfferEntry, {
  view: 'the trading board of /battery',
  render: (runtime) =>
    renderApp('/battery', {
      ...runtime,
      session: player,
      actors: [...batteryPageFakes(), ...runtime.actors],
    }),
  ready: () => screen.findByRole('button', { name: /^COMPRAR 20 terydólares/ }),
  actions: {
    'offer.buy': async ({ user }) => {
      await user.click(screen.getByRole('button', { name: /^COMPRAR 20 terydólares/ }))
    },
    'offer.cancel': async ({ user }) => {
      await user.click(screen.getByRole('button', { name: /^CANCELAR 15 terydólares/ }))
    },
    'offer.confirm': async ({ user }) => {
      await user.click(within(dialog() as HTMLElement).getByRole('button', { name: 'CONFIRMAR' }))
    },
    'offer.retry': async ({ user }) => {
      await user.click(within(dialog() as HTMLElement).getByRole('button', { name: 'REINTENTAR' }))
    },
    'offer.dismiss': async ({ user }) => {
      const shown = dialog()
      if (!shown) return notFromView
      await user.click(within(shown).getByRole('button', { name: /^CERRAR$/ }))
    },
  },
  see: {
    listed: () => {
      expect(dialog()).toBeNull()
      expect(screen.getByRole('tab', { name: 'Ofertas' }).getAttribute('aria-selected')).toBe(
        'true',
      )
    },
    confirmingBuy: () => {
      const shown = inDialog('Confirmar compra')
      expect(shown.getByText('Vas a comprar 20 terydólares a Valentina Gómez.')).toBeTruthy()
      expect(shown.getByText('Pagarás 1.900 gemas.')).toBeTruthy()
    },
    buying: () => {
      expect(inDialog('Confirmar compra').getByRole('status', { name: 'Comprando…' })).toBeTruthy()
    },
    bought: () => {
      expect(
        inDialog('Compra realizada').getByText('Recibiste 20 terydólares y pagaste 1.900 gemas.'),
      ).toBeTruthy()
    },
    'failed.gone': () => {
      const shown = inDialog('No se pudo comprar')
      expect(shown.getByText('La oferta ya no está disponible')).toBeTruthy()
      expect(shown.getByText('Otro jugador la compró primero.')).toBeTruthy()
      expect(shown.queryByRole('button', { name: 'REINTENTAR' })).toBeNull()
    },
    'failed.notEnoughFunds': () => {
      const shown = inDialog('No se pudo comprar')
      expect(shown.getByText('No tienes suficientes gemas')).toBeTruthy()
      expect(shown.queryByRole('button', { name: 'REINTENTAR' })).toBeNull()
    },
    'failed.ownOffer': () => {
      const shown = inDialog('No se pudo comprar')
      expect(shown.getByText('No puedes comprar tu propia oferta')).toBeTruthy()
      expect(shown.getByText('Las ofertas propias solo se pueden cancelar.')).toBeTruthy()
    },
    'failed.error': () => {
      const shown = inDialog('No se pudo comprar')
      expect(shown.getByText('Ocurrio un error al procesar la petición')).toBeTruthy()
      expect(shown.getByRole('button', { name: 'REINTENTAR' })).toBeTruthy()
    },
    confirmingCancel: () => {
      expect(
        inDialog('Cancelar oferta').getByText(
          'Tu oferta sale del mercado y tus 15 terydólares vuelven a tu cuenta.',
        ),
      ).toBeTruthy()
    },
    cancelling: () => {
      expect(inDialog('Cancelar oferta').getByRole('status', { name: 'Cancelando…' })).toBeTruthy()
    },
    cancelled: () => {
      expect(
        inDialog('Oferta cancelada').getByText('Tus 15 terydólares volvieron a tu cuenta.'),
      ).toBeTruthy()
    },
    cancelFailed: () => {
      const shown = inDialog('No se pudo cancelar')
      expect(shown.getByRole('alert')).toBeTruthy()
      expect(shown.getByRole('button', { name: 'REINTENTAR' })).toBeTruthy()
    },
  },
})
