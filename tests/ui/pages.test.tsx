import { render, screen, waitFor, within } from '@testing-library/react'
import { createMemoryRouter, RouterProvider } from 'react-router-dom'
import { describe, expect, it } from 'vitest'
import { clipboardCopyMachine } from '../../machines/clipboard-copy/clipboard-copy.machine'
import { describeRouteError, ErrorPage } from '../../src/app/error-page'
import { chatMachine } from '../../src/pages/support/support.actors'
import { fakeActors, type FakeFunctions } from './fake-actors'
import { player, renderApp } from './render-app'

function clipboardFakes(overrides: Partial<FakeFunctions<typeof clipboardCopyMachine>> = {}) {
  return fakeActors(clipboardCopyMachine, { writeClipboard: async () => undefined }, overrides)
}

function chatFakes(overrides: Partial<FakeFunctions<typeof chatMachine>> = {}) {
  return fakeActors(
    chatMachine,
    { load: async () => ({ data: { link: 'https://chat.example/soporte' } }) },
    overrides,
  )
}

describe('/home', () => {
  it('shows the invite code and copies it with feedback', async () => {
    const clipboard = clipboardFakes()
    const { user } = renderApp('/home', { session: player, actors: [clipboard.overrides] })

    const invite = await screen.findByRole('region', { name: 'Tu código de invitación' })
    expect(within(invite).getByText('ANA2026')).toBeTruthy()

    await user.click(within(invite).getByRole('button', { name: 'Copiar código de invitación' }))

    expect(await within(invite).findByRole('button', { name: '¡Copiado!' })).toBeTruthy()
    expect(clipboard.calls.writeClipboard).toHaveBeenCalledWith({ text: 'ANA2026' })
  })

  it('says when the browser refused to copy', async () => {
    const clipboard = clipboardFakes({
      writeClipboard: async () => {
        throw new Error('denied')
      },
    })
    const { user } = renderApp('/home', { session: player, actors: [clipboard.overrides] })

    await user.click(await screen.findByRole('button', { name: 'Copiar código de invitación' }))

    expect(await screen.findByRole('button', { name: 'No se pudo copiar' })).toBeTruthy()
  })

  it('tells how many gems each referred player gives, from the config', async () => {
    renderApp('/home', { session: player, actors: [clipboardFakes().overrides] })

    expect(
      await screen.findByText('Por cada jugador que se registre con tu código recibes 10 gemas.'),
    ).toBeTruthy()
  })
})

describe('/support', () => {
  it('loads the chat link and opens it from the floating assistant button', async () => {
    renderApp('/support', { actors: [chatFakes().overrides] })

    expect(await screen.findByRole('heading', { name: '¿Necesitas ayuda?' })).toBeTruthy()
    const assistant = await screen.findByRole('link', { name: /Abrir el chat de soporte/ })
    expect(assistant.getAttribute('href')).toBe('https://chat.example/soporte')
    expect(assistant.getAttribute('target')).toBe('_blank')
  })

  it('shows the loading state, then a retry when the link could not be loaded', async () => {
    // The server fails until the test says it is back. The first load fails only when the test
    // calls `fail`, whether the machine asked before or after the loading status appeared.
    let back = false
    let fail: () => void = () => undefined
    const failed = new Promise<void>((resolve) => {
      fail = resolve
    })
    const chat = chatFakes({
      load: () => {
        if (back) return Promise.resolve({ data: { link: 'https://chat.example/soporte' } })
        return failed.then(() =>
          Promise.reject({ status: 500, message: 'Error interno', network: false }),
        )
      },
    })
    const { user } = renderApp('/support', { actors: [chat.overrides] })

    expect(await screen.findByRole('status', { name: 'Cargando el chat de soporte…' })).toBeTruthy()
    fail()
    expect(await screen.findByText('No pudimos cargar el enlace del chat.')).toBeTruthy()
    expect(screen.queryByRole('link', { name: /Abrir el chat de soporte/ })).toBeNull()

    back = true
    await user.click(screen.getByRole('button', { name: 'REINTENTAR' }))

    expect(await screen.findByRole('link', { name: /Abrir el chat de soporte/ })).toBeTruthy()
  })
})

describe('terms agreement', () => {
  const pending = { ...player, termsAgree: false }

  it('asks a player who has not agreed yet, and ACEPTAR records the agreement', async () => {
    const { api, user } = renderApp('/home', { session: pending })

    const dialog = await screen.findByRole('dialog', { name: 'Términos y condiciones' })
    expect(
      within(dialog)
        .getByRole('link', { name: 'Leer los términos y condiciones' })
        .getAttribute('href'),
    ).toBe('/terms')

    await user.keyboard('{Escape}')
    expect(screen.getByRole('dialog', { name: 'Términos y condiciones' })).toBeTruthy()

    await user.click(within(dialog).getByRole('button', { name: 'ACEPTAR' }))

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(api.agreeTerms).toHaveBeenCalledTimes(1)
  })

  it('steps aside on /terms so the terms can be read', async () => {
    renderApp('/terms', { session: pending })

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Términos y condiciones' }),
    ).toBeTruthy()
    expect(screen.getByRole('heading', { name: '3. Monedas virtuales' })).toBeTruthy()
    expect(screen.queryByRole('dialog')).toBeNull()
  })

  it('is not asked of a player who already agreed', async () => {
    renderApp('/home', { session: player })

    await screen.findByRole('heading', { name: 'Hola, Ana Gómez' })
    expect(screen.queryByRole('dialog')).toBeNull()
  })
})

describe('legal pages', () => {
  it('shows the privacy policy with the Colombian data protection law', async () => {
    renderApp('/privacy_policies')

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Políticas de privacidad' }),
    ).toBeTruthy()
    expect(screen.getAllByText(/Ley 1581 de 2012/).length).toBeGreaterThan(0)
    expect(screen.getByRole('heading', { name: '6. Tus derechos (habeas data)' })).toBeTruthy()
  })
})

describe('404 and error pages', () => {
  it('shows the 404 page with a link home for an unknown route', async () => {
    renderApp('/no-existe')

    expect(
      await screen.findByRole('heading', { name: 'This page could not be found' }),
    ).toBeTruthy()
    expect(screen.getByRole('link', { name: 'Volver al inicio' }).getAttribute('href')).toBe('/')
  })

  it('shows status 500 and "Error" for an unexpected failure', async () => {
    const router = createMemoryRouter([
      {
        path: '/',
        ErrorBoundary: ErrorPage,
        HydrateFallback: () => null,
        loader: () => {
          throw new Error('TypeError: x is undefined')
        },
        Component: () => null,
      },
    ])

    render(<RouterProvider router={router} />)

    const alert = await screen.findByRole('alert')
    expect(within(alert).getByText('500')).toBeTruthy()
    expect(within(alert).getByRole('heading', { name: 'Error' })).toBeTruthy()
    expect(within(alert).getByRole('link', { name: 'Volver al inicio' })).toBeTruthy()
  })

  it('shows the status and message of a route response', async () => {
    const router = createMemoryRouter([
      {
        path: '/',
        ErrorBoundary: ErrorPage,
        HydrateFallback: () => null,
        loader: () => {
          throw new Response('Servicio en mantenimiento', { status: 503 })
        },
        Component: () => null,
      },
    ])

    render(<RouterProvider router={router} />)

    const alert = await screen.findByRole('alert')
    expect(within(alert).getByText('503')).toBeTruthy()
    expect(within(alert).getByRole('heading', { name: 'Servicio en mantenimiento' })).toBeTruthy()
  })

  it('reads an API failure as its status and Spanish message', () => {
    expect(
      describeRouteError({ status: 401, message: 'La sesión ha terminado', network: false }),
    ).toEqual({
      statusCode: 401,
      message: 'La sesión ha terminado',
    })
    expect(describeRouteError('boom')).toEqual({ statusCode: 500, message: 'Error' })
  })
})

describe('alert dialog, toasts and loading bar', () => {
  it('closes the alert dialog on its close button and on a backdrop click, 480 px wide by default', async () => {
    const { AlertDialog } = await import('../../src/components/alert-dialog')
    const user = (await import('@testing-library/user-event')).default.setup()
    const closes: string[] = []
    const view = render(
      <AlertDialog open title="Aviso" onClose={() => closes.push('closed')}>
        <p>Mensaje</p>
      </AlertDialog>,
    )

    const dialog = screen.getByRole('dialog', { name: 'Aviso' })
    expect(dialog.style.getPropertyValue('--modal-width')).toBe('480px')
    await user.click(within(dialog).getByRole('button', { name: 'Cerrar' }))
    await user.click(screen.getByTestId('modal-backdrop'))
    await user.click(within(dialog).getByText('Mensaje'))

    expect(closes).toEqual(['closed', 'closed'])
    view.unmount()
  })

  it('shows a toast in the live region and lets the player dismiss it', async () => {
    const { actors, user } = renderApp('/signup')
    await screen.findByRole('heading', { name: 'Crea tu cuenta' })

    actors.toaster.send({ type: 'toast.show', message: 'Hola', placement: 'bottom-right' })

    const region = screen.getByRole('region', { name: 'Notificaciones' })
    expect(region.getAttribute('aria-live')).toBe('polite')
    expect(await within(region).findByText('Hola')).toBeTruthy()
    await user.click(within(region).getByRole('button', { name: 'Cerrar notificación' }))
    expect(within(region).queryByText('Hola')).toBeNull()
  })

  it('shows the loading bar only once a call has lasted 200 ms', async () => {
    const { actors } = renderApp('/signup')
    await screen.findByRole('heading', { name: 'Crea tu cuenta' })

    actors.loadingBar.send({ type: 'request.start' })
    expect(screen.queryByRole('progressbar', { name: 'Cargando' })).toBeNull()
    expect(await screen.findByRole('progressbar', { name: 'Cargando' })).toBeTruthy()

    actors.loadingBar.send({ type: 'request.end' })
    await waitFor(() => expect(screen.queryByRole('progressbar', { name: 'Cargando' })).toBeNull())
  })
})
