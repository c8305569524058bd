import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { gameConfig, player, renderApp } from './render-app'

const visitorOptions = [
  'NUESTRAS REDES',
  'SORTEO',
  'FINANZAS (se abre en una pestaña nueva)',
  'AYUDA',
  'APRENDE A GANAR',
  'SOPORTE',
]

describe('header', () => {
  it('shows a visitor the logo, the page title, SORTEO and FINANZAS', async () => {
    renderApp('/signup')

    await screen.findByRole('heading', { name: 'Crea tu cuenta' })
    const header = screen.getByRole('banner')
    expect(
      within(header).getByRole('link', { name: 'Tery, ir al inicio' }).getAttribute('href'),
    ).toBe('/')
    expect(within(header).getByText('Crear cuenta')).toBeTruthy()
    expect(within(header).getByRole('link', { name: 'SORTEO' }).getAttribute('href')).toBe(
      '/lottery',
    )
    const finance = await within(header).findByRole('link', { name: /FINANZAS/ })
    expect(finance.getAttribute('href')).toBe(gameConfig.links.finance)
    expect(finance.getAttribute('target')).toBe('_blank')
    expect(finance.getAttribute('rel')).toContain('noopener')
  })

  it('hides SORTEO and FINANZAS from a signed-in player', async () => {
    renderApp('/home', { session: player })

    await screen.findByRole('heading', { name: 'Hola, Ana Gómez' })
    const header = screen.getByRole('banner')
    expect(within(header).queryByRole('link', { name: 'SORTEO' })).toBeNull()
    expect(within(header).queryByRole('link', { name: /FINANZAS/ })).toBeNull()
    expect(within(header).getByText('Inicio')).toBeTruthy()
  })
})

describe('balances', () => {
  it("shows a player's four currencies in es-CO numbers, and the new ones as soon as a call moves money", async () => {
    const { actors } = renderApp('/home', {
      session: {
        ...player,
        balances: { terycarbons: 12500, gems: 40, voltaCharge: 0, terydollars: 3 },
      },
    })

    const balances = await screen.findByRole('list', { name: 'Tus recursos' })
    expect(
      within(balances)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Terycarbonos: 12.500', 'Gemas: 40', 'Carga volta: 0', 'Terydólares: 3'])

    actors.session.send({
      type: 'balances.update',
      balances: { terycarbons: 12400, gems: 1040, voltaCharge: 2, terydollars: 3 },
    })

    await waitFor(() =>
      expect(
        within(balances).getByText('Gemas:', { exact: false }).parentElement?.textContent,
      ).toBe('Gemas: 1.040'),
    )
  })

  it('shows no balances to a visitor', async () => {
    renderApp('/signup')
    await screen.findByRole('heading', { name: 'Crea tu cuenta' })
    expect(screen.queryByRole('list', { name: 'Tus recursos' })).toBeNull()
  })
})

describe('OPCIONES', () => {
  it('offers a visitor every option but SALIR', async () => {
    const { user } = renderApp('/')

    await user.click(await screen.findByRole('button', { name: 'MÁS' }))

    const dialog = await screen.findByRole('dialog', { name: 'OPCIONES' })
    const items = within(dialog)
      .getAllByRole('listitem')
      .map((item) => item.textContent?.trim())
    expect(items).toEqual([
      'NUESTRAS REDES',
      'SORTEO',
      'FINANZAS (se abre en una pestaña nueva)',
      'AYUDA',
      'APRENDE A GANAR',
      'SOPORTE',
    ])
    expect(within(dialog).queryByRole('button', { name: 'SALIR' })).toBeNull()
    for (const name of visitorOptions.slice(1)) {
      expect(within(dialog).getByRole('link', { name })).toBeTruthy()
    }
    expect(within(dialog).getByRole('link', { name: 'AYUDA' }).getAttribute('href')).toBe(
      '/trainings',
    )
    expect(within(dialog).getByRole('link', { name: 'APRENDE A GANAR' }).getAttribute('href')).toBe(
      '/trainings',
    )
    expect(within(dialog).getByRole('link', { name: 'SOPORTE' }).getAttribute('href')).toBe(
      '/support',
    )
  })

  it('offers a signed-in player SALIR, which asks first and then logs out and reloads', async () => {
    const { api, reload, user } = renderApp('/home', { session: player })

    await user.click(await screen.findByRole('button', { name: 'MÁS' }))
    const options = await screen.findByRole('dialog', { name: 'OPCIONES' })
    await user.click(within(options).getByRole('button', { name: 'SALIR' }))

    const confirm = await screen.findByRole('dialog', { name: 'Cerrar sesión' })
    expect(screen.queryByRole('dialog', { name: 'OPCIONES' })).toBeNull()
    expect(within(confirm).getByText('¿Seguro que quieres salir de tu cuenta?')).toBeTruthy()
    await user.click(within(confirm).getByRole('button', { name: 'SÍ, SALIR' }))

    await waitFor(() => expect(reload).toHaveBeenCalledTimes(1))
    expect(api.logOut).toHaveBeenCalledTimes(1)
  })

  it('keeps the player in when they cancel SALIR', async () => {
    const { api, user } = renderApp('/home', { session: player })

    await user.click(await screen.findByRole('button', { name: 'MÁS' }))
    await user.click(await screen.findByRole('button', { name: 'SALIR' }))
    await user.click(await screen.findByRole('button', { name: 'CANCELAR' }))

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(api.logOut).not.toHaveBeenCalled()
  })

  it('shows the server message in a toast when logging out fails', async () => {
    const { reload, user } = renderApp('/home', {
      session: player,
      api: {
        logOut: async () => {
          throw { status: 500, message: 'No pudimos cerrar la sesión', network: false }
        },
      },
    })

    await user.click(await screen.findByRole('button', { name: 'MÁS' }))
    await user.click(await screen.findByRole('button', { name: 'SALIR' }))
    await user.click(await screen.findByRole('button', { name: 'SÍ, SALIR' }))

    const toasts = screen.getByRole('region', { name: 'Notificaciones' })
    expect(await within(toasts).findByText('No pudimos cerrar la sesión')).toBeTruthy()
    expect(reload).not.toHaveBeenCalled()
  })

  it('closes on Escape and gives focus back to MÁS', async () => {
    const { user } = renderApp('/')

    const more = await screen.findByRole('button', { name: 'MÁS' })
    await user.click(more)
    const dialog = await screen.findByRole('dialog', { name: 'OPCIONES' })
    expect(dialog.contains(document.activeElement)).toBe(true)

    await user.keyboard('{Escape}')

    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'OPCIONES' })).toBeNull())
    expect(document.activeElement).toBe(more)
  })

  it('keeps the keyboard focus inside while open', async () => {
    const { user } = renderApp('/')

    await user.click(await screen.findByRole('button', { name: 'MÁS' }))
    const dialog = await screen.findByRole('dialog', { name: 'OPCIONES' })
    for (let step = 0; step < 12; step += 1) {
      await user.tab()
      expect(dialog.contains(document.activeElement)).toBe(true)
    }
    await user.tab({ shift: true })
    expect(dialog.contains(document.activeElement)).toBe(true)
  })

  it('closes on a click on its backdrop', async () => {
    const { user } = renderApp('/')

    await user.click(await screen.findByRole('button', { name: 'MÁS' }))
    await screen.findByRole('dialog', { name: 'OPCIONES' })
    await user.click(screen.getByTestId('modal-backdrop'))

    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'OPCIONES' })).toBeNull())
  })
})

describe('NUESTRAS REDES', () => {
  it('lists the six networks from the config and closes with CONTINUAR', async () => {
    const { user } = renderApp('/')

    await user.click(await screen.findByRole('button', { name: 'MÁS' }))
    await user.click(await screen.findByRole('button', { name: 'NUESTRAS REDES' }))

    const dialog = await screen.findByRole('dialog', { name: 'NUESTRAS REDES' })
    expect(screen.queryByRole('dialog', { name: 'OPCIONES' })).toBeNull()
    const links = within(dialog).getAllByRole('link')
    expect(
      links.map((link) => link.textContent?.replace(' (se abre en una pestaña nueva)', '')),
    ).toEqual([
      'Canal de videos',
      'Telegram',
      'Facebook',
      'Instagram',
      'Messenger',
      'Grupo de WhatsApp',
    ])
    expect(links.map((link) => link.getAttribute('href'))).toEqual(
      gameConfig.links.social.map((social) => social.url),
    )
    for (const link of links) expect(link.getAttribute('target')).toBe('_blank')

    await user.click(within(dialog).getByRole('button', { name: 'CONTINUAR' }))

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
  })

  it('closes on Escape', async () => {
    const { user } = renderApp('/')

    await user.click(await screen.findByRole('button', { name: 'MÁS' }))
    await user.click(await screen.findByRole('button', { name: 'NUESTRAS REDES' }))
    await screen.findByRole('dialog', { name: 'NUESTRAS REDES' })
    await user.keyboard('{Escape}')

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
  })

  it('offers a retry when the links could not be loaded', async () => {
    let attempts = 0
    const { user } = renderApp('/', {
      api: {
        loadConfig: async () => {
          attempts += 1
          if (attempts === 1) throw { status: 500, message: 'Error interno', network: false }
          return gameConfig
        },
      },
    })

    await user.click(await screen.findByRole('button', { name: 'MÁS' }))
    await user.click(await screen.findByRole('button', { name: 'NUESTRAS REDES' }))
    const dialog = await screen.findByRole('dialog', { name: 'NUESTRAS REDES' })
    expect(within(dialog).getByText('No pudimos cargar nuestras redes.')).toBeTruthy()
    await user.click(within(dialog).getByRole('button', { name: 'REINTENTAR' }))

    expect(await within(dialog).findByRole('link', { name: /Telegram/ })).toBeTruthy()
  })
})

describe('bottom bar', () => {
  const names = ['INICIO', 'GESTIÓN', 'MISIONES', 'CANJEAR']

  it('shows INICIO, GESTIÓN, MISIONES and CANJEAR to a player on a phone', async () => {
    renderApp('/home', { session: player, width: 390 })

    const bar = await screen.findByRole('navigation', { name: 'Navegación inferior' })
    const links = within(bar).getAllByRole('link')
    expect(links.map((link) => link.textContent)).toEqual(names)
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      '/home',
      '/management',
      '/missionsLobby',
      '/market',
    ])
  })

  it('shows at the 992 px mobile limit', async () => {
    renderApp('/home', { session: player, width: 992 })

    expect(await screen.findByRole('navigation', { name: 'Navegación inferior' })).toBeTruthy()
  })

  it('stays hidden on a wider screen', async () => {
    renderApp('/home', { session: player, width: 993 })

    await screen.findByRole('heading', { name: 'Hola, Ana Gómez' })
    expect(screen.queryByRole('navigation', { name: 'Navegación inferior' })).toBeNull()
  })

  it('stays hidden for a visitor on a phone', async () => {
    renderApp('/signup', { width: 390 })

    await screen.findByRole('heading', { name: 'Crea tu cuenta' })
    expect(screen.queryByRole('navigation', { name: 'Navegación inferior' })).toBeNull()
  })

  it('follows the viewport when it crosses 992 px', async () => {
    const { actors } = renderApp('/home', { session: player, width: 1280 })
    await screen.findByRole('heading', { name: 'Hola, Ana Gómez' })

    actors.ui.send({ type: 'viewport.resize', width: 700 })

    expect(await screen.findByRole('navigation', { name: 'Navegación inferior' })).toBeTruthy()
  })
})
