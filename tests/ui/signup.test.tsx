import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { apiMessages } from '../../contract/messages'
import { signupMachine } from '../../machines/signup/signup.machine'
import { fakeActors, type FakeFunctions } from './fake-actors'
import { currentUrl, gameConfig, noResponse, renderApp } from './render-app'

/** The signup page's I/O: TERYDEMO is the only parent code; signup always works. */
export function signupFakes(overrides: Partial<FakeFunctions<typeof signupMachine>> = {}) {
  return fakeActors(
    signupMachine,
    {
      validateCode: async ({ code }) => {
        if (code === 'TERYDEMO') return { code, name: 'Jugador Demo' }
        throw { status: 400, message: 'El código de referido no existe', network: false }
      },
      signUp: async ({ email }) => ({ email, code: 'NUEVO123' }),
      readClipboard: async () => 'terydemo',
    },
    overrides,
  )
}

async function openSignup(
  fakes: Partial<FakeFunctions<typeof signupMachine>> = {},
  options: Parameters<typeof renderApp>[1] = {},
) {
  const signup = signupFakes(fakes)
  const app = renderApp('/signup', { ...options, actors: [signup.overrides] })
  const form = await screen.findByRole('form', { name: 'Crea tu cuenta' })
  const submit = () =>
    within(form).getByRole('button', { name: 'CREAR CUENTA' }) as HTMLButtonElement
  return { ...app, signupApi: signup.calls, form, submit }
}

async function fillPlayer(user: ReturnType<typeof renderApp>['user'], form: HTMLElement) {
  await user.type(within(form).getByLabelText('Nombre'), 'Luisa Fernanda')
  await user.type(within(form).getByLabelText('Correo electrónico'), 'luisa@tery.example')
  await user.type(within(form).getByLabelText('Celular'), '3001234567')
  await user.type(within(form).getByLabelText('Contraseña'), 'clave-segura-1')
}

describe('signup', () => {
  it('shows the two tabs, with a referral code first', async () => {
    await openSignup()

    const tabs = screen.getAllByRole('tab')
    expect(tabs.map((tab) => tab.textContent)).toEqual([
      'Tengo código de referido',
      'No tengo código',
    ])
    expect(tabs[0]?.getAttribute('aria-selected')).toBe('true')
  })

  it('keeps CREAR CUENTA disabled until the server confirms the code, then shows the icon and the parent', async () => {
    const { signupApi, form, submit, user } = await openSignup()
    expect(submit().disabled).toBe(true)
    expect(within(form).queryByRole('img', { name: 'Código confirmado' })).toBeNull()

    const code = within(form).getByLabelText('Código de referido') as HTMLInputElement
    await user.type(code, 'terydemo')

    expect(code.value).toBe('TERYDEMO')
    expect(await within(form).findByRole('img', { name: 'Código confirmado' })).toBeTruthy()
    expect(within(form).getByText('Te invita Jugador Demo')).toBeTruthy()
    expect(signupApi.validateCode).toHaveBeenLastCalledWith({ code: 'TERYDEMO' })
    expect(submit().disabled).toBe(false)
  })

  it('shows the server message for an unknown code and keeps signup disabled', async () => {
    const { form, submit, user } = await openSignup()

    await user.type(within(form).getByLabelText('Código de referido'), 'NOEXISTE')

    expect(await within(form).findByText('El código de referido no existe')).toBeTruthy()
    expect(within(form).queryByRole('img', { name: 'Código confirmado' })).toBeNull()
    expect(submit().disabled).toBe(true)
  })

  it('offers a retry when the code could not be checked, and confirms it on retry', async () => {
    let attempts = 0
    const { form, user } = await openSignup({
      validateCode: async ({ code }) => {
        attempts += 1
        if (attempts === 1) throw noResponse
        return { code, name: 'Jugador Demo' }
      },
    })

    await user.type(within(form).getByLabelText('Código de referido'), 'TERYDEMO')
    expect(await within(form).findByText(noResponse.message)).toBeTruthy()
    await user.click(within(form).getByRole('button', { name: 'REINTENTAR' }))

    expect(await within(form).findByRole('img', { name: 'Código confirmado' })).toBeTruthy()
  })

  it('pastes the code from the clipboard with PEGAR and checks it', async () => {
    const { signupApi, form, user } = await openSignup()

    await user.click(within(form).getByRole('button', { name: 'PEGAR' }))

    expect(await within(form).findByRole('img', { name: 'Código confirmado' })).toBeTruthy()
    expect((within(form).getByLabelText('Código de referido') as HTMLInputElement).value).toBe(
      'TERYDEMO',
    )
    expect(signupApi.readClipboard).toHaveBeenCalledTimes(1)
  })

  it('explains a wrong name, mobile number and email as the player leaves each field', async () => {
    const { form, user } = await openSignup()

    await user.type(within(form).getByLabelText('Nombre'), 'Luisa 2')
    await user.type(within(form).getByLabelText('Correo electrónico'), 'luisa@')
    await user.type(within(form).getByLabelText('Celular'), '12345')
    await user.tab()

    expect(within(form).getByText('Nombre no válido')).toBeTruthy()
    expect(within(form).getByText('El formato del correo electrónico no es válido')).toBeTruthy()
    expect(within(form).getByText('Celular no válido')).toBeTruthy()
  })

  it('clears a field message as soon as the value is fixed', async () => {
    const { form, user } = await openSignup()
    const phone = within(form).getByLabelText('Celular')

    await user.type(phone, '12345')
    await user.tab()
    expect(within(form).getByText('Celular no válido')).toBeTruthy()

    await user.clear(phone)
    await user.type(phone, '3001234567')

    expect(within(form).queryByText('Celular no válido')).toBeNull()
  })

  it('says every empty field is required and sends nothing', async () => {
    const { signupApi, form, user } = await openSignup()
    await user.type(within(form).getByLabelText('Código de referido'), 'TERYDEMO')
    await within(form).findByRole('img', { name: 'Código confirmado' })

    await user.click(within(form).getByRole('button', { name: 'CREAR CUENTA' }))

    expect(within(form).getAllByText('El campo es requerido')).toHaveLength(4)
    expect(signupApi.signUp).not.toHaveBeenCalled()
  })

  it('creates the account and opens the login form on / with the email and a toast', async () => {
    const { signupApi, form, router, user } = await openSignup()
    await user.type(within(form).getByLabelText('Código de referido'), 'TERYDEMO')
    await within(form).findByRole('img', { name: 'Código confirmado' })
    await fillPlayer(user, form)

    await user.click(within(form).getByRole('button', { name: 'CREAR CUENTA' }))

    const login = await screen.findByRole('form', { name: 'Iniciar sesión' })
    expect(currentUrl(router)).toBe('/')
    expect((within(login).getByLabelText('Correo electrónico') as HTMLInputElement).value).toBe(
      'luisa@tery.example',
    )
    expect(screen.getByText('Cuenta creada. Ya puedes iniciar sesión.')).toBeTruthy()
    expect(signupApi.signUp).toHaveBeenCalledWith({
      parentCode: 'TERYDEMO',
      name: 'Luisa Fernanda',
      email: 'luisa@tery.example',
      phone: '3001234567',
      password: 'clave-segura-1',
    })
  })

  it('shows what the server refused, under the form and under the field', async () => {
    const { form, user } = await openSignup({
      signUp: async () => {
        throw {
          status: 409,
          message: 'El correo electrónico ya está registrado',
          network: false,
          data: { fields: { email: 'El correo electrónico ya está registrado' } },
        }
      },
    })
    await user.type(within(form).getByLabelText('Código de referido'), 'TERYDEMO')
    await within(form).findByRole('img', { name: 'Código confirmado' })
    await fillPlayer(user, form)

    await user.click(within(form).getByRole('button', { name: 'CREAR CUENTA' }))

    expect((await within(form).findByRole('alert')).textContent).toBe(
      'El correo electrónico ya está registrado',
    )
    expect(within(form).getAllByText('El correo electrónico ya está registrado')).toHaveLength(2)
    expect(within(form).getByLabelText('Correo electrónico').getAttribute('aria-invalid')).toBe(
      'true',
    )
  })

  it('shows, in Spanish, that the day’s signups from this connection are used up', async () => {
    const { form, user } = await openSignup({
      signUp: async () => {
        throw {
          status: 429,
          message: apiMessages.signupsFromAddress,
          network: false,
          data: { retryAfterSeconds: 80_000, retryAt: '2026-11-28T20:00:00.000Z' },
        }
      },
    })
    await user.type(within(form).getByLabelText('Código de referido'), 'TERYDEMO')
    await within(form).findByRole('img', { name: 'Código confirmado' })
    await fillPlayer(user, form)

    await user.click(within(form).getByRole('button', { name: 'CREAR CUENTA' }))

    expect((await within(form).findByRole('alert')).textContent).toBe(
      'Desde esta conexión ya se crearon todas las cuentas que se permiten en 24 horas. Intenta de nuevo más tarde.',
    )
  })

  it('tells a visitor without a code how to ask for one', async () => {
    const { user } = await openSignup()

    await user.click(screen.getByRole('tab', { name: 'No tengo código' }))

    const panel = screen.getByRole('tabpanel')
    expect(
      within(panel).getByRole('heading', { name: 'Necesitas un código para unirte' }),
    ).toBeTruthy()
    const contact = await within(panel).findByRole('link', { name: /PEDIR UN CÓDIGO/ })
    expect(contact.getAttribute('href')).toBe(gameConfig.links.chat)
    expect(contact.getAttribute('target')).toBe('_blank')
    expect(screen.queryByRole('form', { name: 'Crea tu cuenta' })).toBeNull()
  })

  it('moves between tabs with the arrow keys', async () => {
    const { user } = await openSignup()

    screen.getByRole('tab', { name: 'Tengo código de referido' }).focus()
    await user.keyboard('{ArrowRight}')

    await waitFor(() =>
      expect(
        screen.getByRole('tab', { name: 'No tengo código' }).getAttribute('aria-selected'),
      ).toBe('true'),
    )
    expect(document.activeElement).toBe(screen.getByRole('tab', { name: 'No tengo código' }))
  })
})
