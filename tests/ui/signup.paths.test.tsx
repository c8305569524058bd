import { screen, within } from '@testing-library/react'
import { expect } from 'vitest'
import { signupEntry } from '../../machines/signup/signup.samples'
import { renderApp } from './render-app'
import { describeViewPaths, notFromView } from './support/view-paths'

const form = () => screen.queryByRole('form', { name: 'Crea tu cuenta' })
const codeInput = () => screen.getByLabelText('Código de referido') as HTMLInputElement

/** The code region is drawn only on the tab with a code. */
function onCodeTab(check: (form: HTMLElement) => void) {
  return () => {
    const shown = form()
    if (shown) check(shown)
  }
}

describeViewPaths(signupEntry, {
  view: 'the signup page',
  render: (runtime) => renderApp('/signup', runtime),
  ready: () => screen.findByRole('tab', { name: 'Tengo código de referido' }),
  actions: {
    'tab.select': async ({ user, event }) => {
      const name = event.tab === 'withCode' ? 'Tengo código de referido' : 'No tengo código'
      await user.click(screen.getByRole('tab', { name }))
    },
    'code.change': async ({ user, event }) => {
      if (!form()) return notFromView
      // Clearing a field that is already empty changes nothing the page could send.
      if (event.value === '' && codeInput().value === '') return notFromView
      await user.clear(codeInput())
      if (event.value !== '') await user.type(codeInput(), event.value)
    },
    'code.paste': async ({ user }) => {
      const paste = screen.queryByRole('button', { name: 'PEGAR' })
      if (!paste) return notFromView
      await user.click(paste)
    },
    'code.retry': async ({ user }) => {
      await user.click(screen.getByRole('button', { name: 'REINTENTAR' }))
    },
    'signup.submit': async ({ user, event }) => {
      const shown = form()
      if (!shown) return notFromView
      for (const [label, value] of [
        ['Nombre', event.name],
        ['Correo electrónico', event.email],
        ['Celular', event.phone],
        ['Contraseña', event.password],
      ] as const) {
        const input = within(shown).getByLabelText(label)
        await user.clear(input)
        await user.type(input, value)
      }
      await user.click(within(shown).getByRole('button', { name: 'CREAR CUENTA' }))
    },
  },
  see: {
    'filling.tab.withCode': () => {
      const tab = screen.getByRole('tab', { name: 'Tengo código de referido' })
      expect(tab.getAttribute('aria-selected')).toBe('true')
      expect(form()).not.toBeNull()
    },
    'filling.tab.withoutCode': () => {
      expect(screen.getByRole('heading', { name: 'Necesitas un código para unirte' })).toBeTruthy()
      expect(form()).toBeNull()
    },
    'filling.code.empty': onCodeTab((shown) => {
      expect(codeInput().value).toBe('')
      expect(within(shown).getByRole('button', { name: 'PEGAR' })).toBeTruthy()
    }),
    'filling.code.editing': onCodeTab((shown) => {
      expect(codeInput().value).toBe(codeInput().value.toUpperCase())
      expect(within(shown).queryByRole('img', { name: 'Código confirmado' })).toBeNull()
      expect(within(shown).queryByRole('status', { name: 'Verificando código…' })).toBeNull()
    }),
    'filling.code.pasting': onCodeTab((shown) => {
      expect(within(shown).getByRole('status', { name: 'Verificando código…' })).toBeTruthy()
    }),
    'filling.code.checking': onCodeTab((shown) => {
      expect(within(shown).getByRole('status', { name: 'Verificando código…' })).toBeTruthy()
    }),
    'filling.code.confirmed': onCodeTab((shown) => {
      expect(within(shown).getByRole('img', { name: 'Código confirmado' })).toBeTruthy()
      expect(within(shown).getByText('Te invita Demo Tery')).toBeTruthy()
    }),
    'filling.code.rejected': onCodeTab((shown) => {
      expect(within(shown).getByText('El código de referido no existe')).toBeTruthy()
      expect(within(shown).queryByRole('button', { name: 'REINTENTAR' })).toBeNull()
    }),
    'filling.code.unreachable': onCodeTab((shown) => {
      expect(within(shown).getByText('Ocurrio un error al procesar la petición')).toBeTruthy()
      expect(within(shown).getByRole('button', { name: 'REINTENTAR' })).toBeTruthy()
    }),
    'filling.form.idle': onCodeTab((shown) => {
      expect(within(shown).getByRole('button', { name: 'CREAR CUENTA' })).toBeTruthy()
    }),
    'filling.form.submitting': onCodeTab((shown) => {
      const button = within(shown).getByRole('button', { name: 'Creando cuenta…' })
      expect((button as HTMLButtonElement).disabled).toBe(true)
    }),
    // The account exists: the player is on '/', the login form open with the new email.
    registered: (app: ReturnType<typeof renderApp>) => {
      expect(app.router.state.location.pathname).toBe('/')
      expect((screen.getByLabelText('Correo electrónico') as HTMLInputElement).value).toBe(
        'ana@tery.example',
      )
      expect(screen.getByText('Cuenta creada. Ya puedes iniciar sesión.')).toBeTruthy()
    },
    // The server's refusal, one of the samples': the email is taken, or the code is unknown.
    'filling.form.failed': onCodeTab((shown) => {
      expect([
        'El correo electrónico ya está registrado',
        'El código de referido no existe',
      ]).toContain(within(shown).getByRole('alert').textContent)
    }),
  },
})
