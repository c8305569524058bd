import { screen, within } from '@testing-library/react'
import { expect } from 'vitest'
import { clipboardCopyMachine } from '../../machines/clipboard-copy/clipboard-copy.machine'
import { sessionEntry } from '../../machines/session/session.samples'
import { fakeActors } from './fake-actors'
import { renderApp } from './render-app'
import { byApp, describeViewPaths } from './support/view-paths'

type App = ReturnType<typeof renderApp>

const loginForm = () => screen.queryByRole('form', { name: 'Iniciar sesión' })
const termsDialog = () => screen.queryByRole('dialog', { name: 'Términos y condiciones' })
const playerMenu = () => screen.queryByRole('button', { name: 'MENÚ' })

describeViewPaths(sessionEntry, {
  view: 'the login form, the terms agreement and SALIR',
  // Opened on /home, the path the golden record's session check carries: a visitor lands on '/'.
  render: (runtime) =>
    renderApp('/home', {
      ...runtime,
      actors: [
        ...runtime.actors,
        fakeActors(clipboardCopyMachine, { writeClipboard: async () => undefined }).overrides,
      ],
    }),
  actions: {
    // The app checks the session as it starts.
    'session.check': byApp,
    'login.submit': async ({ user, event }) => {
      if (!loginForm())
        await user.click(await screen.findByRole('button', { name: 'INICIAR SESIÓN' }))
      const form = await screen.findByRole('form', { name: 'Iniciar sesión' })
      await user.clear(within(form).getByLabelText('Correo electrónico'))
      await user.type(within(form).getByLabelText('Correo electrónico'), event.email)
      await user.clear(within(form).getByLabelText('Contraseña'))
      await user.type(within(form).getByLabelText('Contraseña'), event.password)
      await user.click(within(form).getByRole('button', { name: 'INGRESAR' }))
    },
    'terms.agree': async ({ user }) => {
      await user.click(
        within(termsDialog() as HTMLElement).getByRole('button', { name: 'ACEPTAR' }),
      )
    },
    'logout.request': async ({ user }) => {
      const terms = termsDialog()
      if (terms) {
        await user.click(within(terms).getByRole('button', { name: 'SALIR' }))
        return
      }
      await user.click(screen.getByRole('button', { name: 'MÁS' }))
      const options = await screen.findByRole('dialog', { name: 'OPCIONES' })
      await user.click(within(options).getByRole('button', { name: 'SALIR' }))
      await user.click(await screen.findByRole('button', { name: 'SÍ, SALIR' }))
    },
    // Any call answering 401 outside '/' does this (the API client's session-expired hook).
    'session.expired': byApp,
    // A call that moved money answers the new balances (the app's balances.changed effect).
    'balances.update': byApp,
  },
  see: {
    unknown: () => expect(screen.getByText('Cargando…')).toBeTruthy(),
    checking: () => expect(screen.getByText('Cargando…')).toBeTruthy(),
    'anonymous.idle': (app: App) => {
      expect(app.router.state.location.pathname).toBe('/')
      expect(playerMenu()).toBeNull()
      const form = loginForm()
      if (form) expect(within(form).queryByRole('alert')).toBeNull()
      else expect(screen.getByRole('button', { name: 'INICIAR SESIÓN' })).toBeTruthy()
    },
    'anonymous.submitting': () => {
      const button = within(loginForm() as HTMLElement).getByRole('button', { name: 'Ingresando…' })
      expect((button as HTMLButtonElement).disabled).toBe(true)
    },
    'anonymous.invalidCredentials': () => {
      const form = loginForm() as HTMLElement
      expect(within(form).getByRole('alert').textContent).toBe('Correo o contraseña incorrectos')
    },
    'anonymous.waiting': () => {
      const form = loginForm() as HTMLElement
      expect(within(form).getByRole('alert').textContent).toBe(
        'Demasiados intentos. Intenta de nuevo más tarde.',
      )
      expect(within(form).getByText(/^Podrás intentarlo de nuevo en /).textContent).toMatch(
        /^Podrás intentarlo de nuevo en (\d+:)?\d{2}:\d{2}$/,
      )
      const button = within(form).getByRole('button', { name: 'INGRESAR' }) as HTMLButtonElement
      expect(button.disabled).toBe(true)
    },
    'anonymous.networkError': () => {
      const form = loginForm() as HTMLElement
      expect(within(form).getByRole('alert').textContent).toBe(
        'Ocurrio un error al procesar la petición',
      )
    },
    'authenticated.termsPending': () => {
      const terms = termsDialog() as HTMLElement
      expect(within(terms).getByRole('button', { name: 'ACEPTAR' })).toBeTruthy()
    },
    'authenticated.agreeing': () => {
      const terms = termsDialog() as HTMLElement
      const button = within(terms).getByRole('button', { name: 'Aceptando…' })
      expect((button as HTMLButtonElement).disabled).toBe(true)
    },
    'authenticated.ready': (app: App) => {
      expect(termsDialog()).toBeNull()
      expect(playerMenu()).not.toBeNull()
      const balances = screen.getByRole('list', { name: 'Tus recursos' })
      const shown = app.actors.session.getSnapshot().context.session?.balances
      expect(
        within(balances).getByText(`Gemas:`, { exact: false }).parentElement?.textContent,
      ).toBe(`Gemas: ${shown?.gems}`)
      expect(app.router.state.location.pathname).not.toBe('/')
    },
    // Still signed in until the server answers.
    'authenticated.loggingOut': (app: App) => {
      expect(playerMenu()).not.toBeNull()
      expect(app.reload).not.toHaveBeenCalled()
    },
    loggedOut: (app: App) => expect(app.reload).toHaveBeenCalledTimes(1),
  },
})
