import { screen, waitFor } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { missionsPageFakes } from './earning-fakes'
import { currentUrl, player, renderApp, sessionEnded } from './render-app'

describe('route guards', () => {
  it('sends a visitor who opens /home to / with ?path=home and opens the login form', async () => {
    const { router } = renderApp('/home')

    expect(await screen.findByRole('heading', { name: 'Iniciar sesión' })).toBeTruthy()
    expect(currentUrl(router)).toBe('/?path=home')
  })

  it('brings the visitor back to the page named in ?path= after logging in', async () => {
    const { router, user } = renderApp('/home')

    await user.type(await screen.findByLabelText('Correo electrónico'), 'ana@tery.example')
    await user.type(screen.getByLabelText('Contraseña'), 'clave-segura-1')
    await user.click(screen.getByRole('button', { name: 'INGRESAR' }))

    expect(await screen.findByRole('heading', { name: 'Hola, Ana Gómez' })).toBeTruthy()
    expect(currentUrl(router)).toBe('/home')
  })

  it('sends a player to /home after logging in from / without ?path=', async () => {
    const { router, user } = renderApp('/')

    await user.click(await screen.findByRole('button', { name: 'INICIAR SESIÓN' }))
    await user.type(screen.getByLabelText('Correo electrónico'), 'ana@tery.example')
    await user.type(screen.getByLabelText('Contraseña'), 'clave-segura-1')
    await user.click(screen.getByRole('button', { name: 'INGRESAR' }))

    expect(await screen.findByRole('heading', { name: 'Hola, Ana Gómez' })).toBeTruthy()
    expect(currentUrl(router)).toBe('/home')
  })

  it.each([
    ['/shop/batteries', { level: 1, name: 'Baterías' }],
    ['/missions?red=facebook', { name: 'Facebook', selected: true }],
  ] as const)(
    'keeps the whole of %s for a visitor: the login form opens and login goes back there',
    async (path, landmark) => {
      const { router, user } = renderApp(path, { actors: missionsPageFakes().overrides })

      await user.type(await screen.findByLabelText('Correo electrónico'), 'ana@tery.example')
      expect(currentUrl(router)).toBe(`/?${new URLSearchParams({ path }).toString()}`)
      await user.type(screen.getByLabelText('Contraseña'), 'clave-segura-1')
      await user.click(screen.getByRole('button', { name: 'INGRESAR' }))

      await waitFor(() => expect(currentUrl(router)).toBe(path))
      const role = 'selected' in landmark ? 'tab' : 'heading'
      expect(await screen.findByRole(role, landmark)).toBeTruthy()
    },
  )

  it.each(['https://evil.example', '//evil.example/home', '/\\evil.example', '/nowhere', '/'])(
    'ignores a ?path= of %s, which is no page of ours, and uses the default /home',
    async (path) => {
      const { router, user } = renderApp(`/?${new URLSearchParams({ path }).toString()}`)

      await user.click(await screen.findByRole('button', { name: 'INICIAR SESIÓN' }))
      await user.type(screen.getByLabelText('Correo electrónico'), 'ana@tery.example')
      await user.type(screen.getByLabelText('Contraseña'), 'clave-segura-1')
      await user.click(screen.getByRole('button', { name: 'INGRESAR' }))

      await waitFor(() => expect(currentUrl(router)).toBe('/home'))
    },
  )

  it('ignores a ?path= that names no page and uses the default /home', async () => {
    const { router, user } = renderApp('/?path=https://evil.example')

    await user.click(await screen.findByRole('button', { name: 'INICIAR SESIÓN' }))
    await user.type(screen.getByLabelText('Correo electrónico'), 'ana@tery.example')
    await user.type(screen.getByLabelText('Contraseña'), 'clave-segura-1')
    await user.click(screen.getByRole('button', { name: 'INGRESAR' }))

    await waitFor(() => expect(currentUrl(router)).toBe('/home'))
  })

  it.each(['/', '/signup'])(
    'sends a signed-in player from the guest page %s to /home',
    async (path) => {
      const { router } = renderApp(path, { session: player })

      expect(await screen.findByRole('heading', { name: 'Hola, Ana Gómez' })).toBeTruthy()
      expect(currentUrl(router)).toBe('/home')
    },
  )

  it('lets a visitor open the guest pages', async () => {
    renderApp('/signup')

    expect(await screen.findByRole('heading', { name: 'Crea tu cuenta' })).toBeTruthy()
  })

  it('locks /missionsOld: a visitor goes to /', async () => {
    const { router } = renderApp('/missionsOld')

    expect(await screen.findByRole('button', { name: 'INICIAR SESIÓN' })).toBeTruthy()
    expect(currentUrl(router)).toBe('/')
  })

  it('locks /missionsOld: a player goes to /home', async () => {
    const { router } = renderApp('/missionsOld', { session: player })

    expect(await screen.findByRole('heading', { name: 'Hola, Ana Gómez' })).toBeTruthy()
    expect(currentUrl(router)).toBe('/home')
  })

  it('treats a failed session check as a visitor', async () => {
    const { router } = renderApp('/home', {
      api: {
        fetchSession: async () => {
          throw { status: 500, message: 'Error interno', network: false }
        },
      },
    })

    expect(await screen.findByRole('heading', { name: 'Iniciar sesión' })).toBeTruthy()
    expect(currentUrl(router)).toBe('/?path=home')
  })

  it('sends the player to / and says so when a call finds the session expired', async () => {
    const { actors, router } = renderApp('/home', { session: player })
    await screen.findByRole('heading', { name: 'Hola, Ana Gómez' })

    actors.session.send({ type: 'session.expired' })

    expect(await screen.findByText(sessionEnded.message)).toBeTruthy()
    await waitFor(() => expect(currentUrl(router)).toBe('/?path=home'))
  })
})
