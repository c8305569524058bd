import { screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { learnServerClock, resetServerClock, serverNow } from '../../src/shared/server-clock'
import { noResponse, renderApp } from './render-app'

async function openLoginForm(path = '/') {
  const app = renderApp(path)
  await app.user.click(await app.findByRole('button', { name: 'INICIAR SESIÓN' }))
  // The form loads with its own chunk (and valibot) when the visitor opens it.
  const form = await screen.findByRole('form', { name: 'Iniciar sesión' })
  return { ...app, form }
}

describe('login form', () => {
  it('opens from INICIAR SESIÓN with labelled email and password and zooms the landing', async () => {
    const { container, form } = await openLoginForm()

    expect(within(form).getByLabelText('Correo electrónico')).toBeTruthy()
    expect(within(form).getByLabelText('Contraseña').getAttribute('type')).toBe('password')
    expect(container.querySelector('.layout')?.classList.contains('layout--zoom')).toBe(true)
    expect(container.querySelector('.layout')?.classList.contains('layout--landing')).toBe(true)
  })

  it('closes with its close button and the zoom goes away', async () => {
    const { container, user } = await openLoginForm()

    await user.click(screen.getByRole('button', { name: 'Cerrar formulario' }))

    expect(screen.queryByRole('form', { name: 'Iniciar sesión' })).toBeNull()
    expect(container.querySelector('.layout')?.classList.contains('layout--zoom')).toBe(false)
  })

  it('says both fields are required and sends nothing', async () => {
    const { api, form, user } = await openLoginForm()

    await user.click(within(form).getByRole('button', { name: 'INGRESAR' }))

    expect(within(form).getAllByText('El campo es requerido')).toHaveLength(2)
    expect(within(form).getByLabelText('Correo electrónico').getAttribute('aria-invalid')).toBe(
      'true',
    )
    expect(api.logIn).not.toHaveBeenCalled()
  })

  it('rejects a malformed email before sending', async () => {
    const { api, form, user } = await openLoginForm()

    await user.type(within(form).getByLabelText('Correo electrónico'), 'ana@')
    await user.type(within(form).getByLabelText('Contraseña'), 'clave-segura-1')
    await user.click(within(form).getByRole('button', { name: 'INGRESAR' }))

    expect(within(form).getByText('El formato del correo electrónico no es válido')).toBeTruthy()
    expect(api.logIn).not.toHaveBeenCalled()
  })

  it('sends the trimmed, lowercased email with the password', async () => {
    const { api, form, user } = await openLoginForm()

    await user.type(within(form).getByLabelText('Correo electrónico'), '  Ana@Tery.Example ')
    await user.type(within(form).getByLabelText('Contraseña'), 'clave-segura-1')
    await user.click(within(form).getByRole('button', { name: 'INGRESAR' }))

    await screen.findByRole('heading', { name: 'Hola, Ana Gómez' })
    expect(api.logIn).toHaveBeenCalledWith({
      email: 'ana@tery.example',
      password: 'clave-segura-1',
    })
  })

  it('shows the server message when the credentials are wrong', async () => {
    const { form, user } = await renderWith(async () => {
      throw { status: 401, message: 'Correo o contraseña incorrectos', network: false }
    })

    await user.type(within(form).getByLabelText('Correo electrónico'), 'ana@tery.example')
    await user.type(within(form).getByLabelText('Contraseña'), 'clave-equivocada')
    await user.click(within(form).getByRole('button', { name: 'INGRESAR' }))

    expect((await within(form).findByRole('alert')).textContent).toBe(
      'Correo o contraseña incorrectos',
    )
  })

  it('says so when the server cannot be reached', async () => {
    const { form, user } = await renderWith(async () => {
      throw noResponse
    })

    await user.type(within(form).getByLabelText('Correo electrónico'), 'ana@tery.example')
    await user.type(within(form).getByLabelText('Contraseña'), 'clave-segura-1')
    await user.click(within(form).getByRole('button', { name: 'INGRESAR' }))

    expect((await within(form).findByRole('alert')).textContent).toBe(noResponse.message)
  })

  describe('refused for a while', () => {
    afterEach(() => resetServerClock())

    it("counts down to the server's instant on a device whose clock is 10 minutes behind", async () => {
      // An answer showed the server's clock 10 minutes ahead of this device's.
      const now = Date.now()
      learnServerClock(new Date(now + 10 * 60_000).toUTCString(), now, now)
      const { form, user } = await renderWith(async () => {
        throw {
          status: 429,
          message: 'Demasiados intentos. Intenta de nuevo más tarde.',
          network: false,
          data: { retryAfterSeconds: 300, retryAt: new Date(serverNow() + 300_000).toISOString() },
        }
      })

      await user.type(within(form).getByLabelText('Correo electrónico'), 'ana@tery.example')
      await user.type(within(form).getByLabelText('Contraseña'), 'clave-segura-1')
      await user.click(within(form).getByRole('button', { name: 'INGRESAR' }))

      expect((await within(form).findByRole('alert')).textContent).toBe(
        'Demasiados intentos. Intenta de nuevo más tarde.',
      )
      // After the page's clock has read the time: 5 minutes left, not the device's 15.
      await new Promise((resolve) => setTimeout(resolve, 1_100))
      expect(within(form).getByText(/^Podrás intentarlo de nuevo en /).textContent).toMatch(
        /^Podrás intentarlo de nuevo en 0(5:00|4:5\d)$/,
      )
      const button = within(form).getByRole('button', { name: 'INGRESAR' }) as HTMLButtonElement
      expect(button.disabled).toBe(true)
    })
  })

  it('disables INGRESAR while the server answers', async () => {
    let answer: () => void = () => undefined
    const { form, user } = await renderWith(
      () =>
        new Promise((_, reject) => {
          answer = () =>
            reject({ status: 401, message: 'Correo o contraseña incorrectos', network: false })
        }),
    )

    await user.type(within(form).getByLabelText('Correo electrónico'), 'ana@tery.example')
    await user.type(within(form).getByLabelText('Contraseña'), 'clave-segura-1')
    await user.click(within(form).getByRole('button', { name: 'INGRESAR' }))

    const busy = await within(form).findByRole('button', { name: 'Ingresando…' })
    expect((busy as HTMLButtonElement).disabled).toBe(true)
    answer()
    expect(await within(form).findByRole('button', { name: 'INGRESAR' })).toBeTruthy()
  })
})

async function renderWith(logIn: () => Promise<never>) {
  const app = renderApp('/', { api: { logIn } })
  await app.user.click(await app.findByRole('button', { name: 'INICIAR SESIÓN' }))
  return { ...app, form: screen.getByRole('form', { name: 'Iniciar sesión' }) }
}
