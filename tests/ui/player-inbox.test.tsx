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

  it('counts 1 of 3, 2 of 3, 3 of 3 as the player reads them', async () => {
    const three = [1, 2, 3].map((n): WelcomeMessage => ({
      ...received,
      id: `3f6c1a52-8d0e-4b7a-9c41-2e5f7a9b0d1${n}`,
      payload: { amount: n, fromName: 'Valentina Gómez' },
    }))
    let unread = three
    const { user } = renderApp('/home', {
      session: player,
      api: {
        loadMessages: async () => ({ messages: unread }),
        acknowledge: async ({ id }) => {
          unread = unread.filter((message) => message.id !== id)
          return { messages: unread }
        },
      },
    })

    for (const position of [1, 2, 3]) {
      const dialog = await screen.findByRole('dialog', { name: 'Recibiste gemas' })
      expect(await within(dialog).findByText(`Mensaje ${position} de 3`)).toBeTruthy()
      await user.click(within(dialog).getByRole('button', { name: 'ENTENDIDO' }))
    }
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
  })
})
