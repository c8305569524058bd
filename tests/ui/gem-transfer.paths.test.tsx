import { screen, within } from '@testing-library/react'
import { expect } from 'vitest'
import { gemTransferEntry } from '../../machines/gem-transfer/gem-transfer.samples'
import { player, renderApp } from './render-app'
import { marketPageFakes } from './support/economy-fakes'
import { describeViewPaths } from './support/view-paths'

const card = () => within(screen.getByRole('region', { name: 'Enviar gemas' }))
const form = () => card().queryByRole('form', { name: 'Enviar gemas' })

describeViewPaths(gemTransferEntry, {
  view: 'sending gems on /market',
  render: (runtime) =>
    renderApp('/market', {
      ...runtime,
      session: player,
      actors: [...marketPageFakes(), ...runtime.actors],
    }),
  ready: () => screen.findByRole('form', { name: 'Enviar gemas' }),
  actions: {
    'transfer.review': async ({ user, event }) => {
      const shown = form() as HTMLElement
      const code = within(shown).getByRole('textbox', { name: 'Código de destino' })
      const amount = within(shown).getByRole('textbox', { name: 'Gemas a enviar' })
      await user.clear(code)
      await user.type(code, event.code)
      await user.clear(amount)
      await user.type(amount, String(event.amount))
      await user.click(within(shown).getByRole('button', { name: 'CONTINUAR' }))
    },
    'transfer.confirm': async ({ user }) => {
      await user.click(card().getByRole('button', { name: 'ENVIAR' }))
    },
    'transfer.edit': async ({ user }) => {
      await user.click(card().getByRole('button', { name: 'VOLVER' }))
    },
    'transfer.new': async ({ user }) => {
      await user.click(card().getByRole('button', { name: 'ENVIAR MÁS' }))
    },
  },
  see: {
    editing: () => {
      expect(form()).not.toBeNull()
      expect(card().getByRole('button', { name: 'CONTINUAR' })).toBeTruthy()
    },
    lookingUp: () => {
      const button = card().getByRole('button', { name: 'Buscando jugador…' })
      expect((button as HTMLButtonElement).disabled).toBe(true)
    },
    confirming: () => {
      expect(card().getByText('Vas a enviar 120 gemas a Valentina Gómez (VALEN123).')).toBeTruthy()
      expect(form()).toBeNull()
    },
    sending: () => {
      expect(card().getByRole('status', { name: 'Enviando…' })).toBeTruthy()
    },
    sent: () => {
      expect(card().getByText('Enviaste 120 gemas a Valentina Gómez.')).toBeTruthy()
    },
    pending: () => {
      expect(
        card().getByText('Tus 120 gemas para Valentina Gómez llegarán el 24/11/2026 10:00 AM.'),
      ).toBeTruthy()
    },
  },
})
