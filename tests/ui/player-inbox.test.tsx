import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import type { WelcomeMessage } from '../../contract/inbox'
import { player, renderApp } from './render-app'

const received: WelcomeMessage = {
  id: '3f6c1a52-8d0e-4b7a-9c41-2e5f7a9b0d13',
  createdAt: '2026-11-23T15:00:00.000Z',
  kind: 'gemsReceived',
  payload: { amount: 25, fromName: 'Valentina Gómez' },
}

describe("a player's welcome messages", () => {
  it('shows the gems another player sent, and ENTENDIDO acknowledges the message', async () => {
    const { api, user } = renderApp('/home', {
      session: player,
      api: {
        loadMessages: async () => ({ messages: [received] }),
        acknowledge: async () => ({ messages: [] }),
      },
    })

    const dialog = await screen.findByRole('dialog', { name: 'Recibiste gemas' })
    expect(within(dialog).getByText('Valentina Gómez te envió 25 gemas.')).toBeTruthy()

    await user.click(within(dialog).getByRole('button', { name: 'ENTENDIDO' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(api.acknowledge).toHaveBeenCalledWith({ id: received.id })
  })
})
