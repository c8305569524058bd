import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { logIn, pagePerTest, snap, type TestPage, viewports } from './support/browser'

const password = 'tery-demo-2026'
/** Seeded players the other seed modules leave untouched (server/db/seed/players.ts, E2E_PLAYERS). */
const freshPlayers = {
  phone: 'sebastian.ruiz@tery.example',
  desktop: 'juliana.herrera@tery.example',
} as const

/** The amount the header shows for a currency, as es-CO digits. */
async function headerAmount(page: Page, currency: string) {
  const item = page
    .getByRole('list', { name: 'Tus recursos' })
    .getByRole('listitem')
    .filter({ hasText: currency })
  return (await item.textContent())?.replace(/\D/g, '') ?? ''
}

describe.each(viewports)('the extras on a $name screen ($width x $height)', (viewport) => {
  let page: Page
  let watch: TestPage['watch']
  pagePerTest(viewport, (opened) => ({ page, watch } = opened))

  const button = (name: string) => page.getByRole('button', { name, exact: true })

  it('a visitor sees the lottery; a player takes part and verifies a past draw', async () => {
    await page.goto('/lottery')
    await page.getByRole('heading', { name: /^Sorteo #\d+$/ }).waitFor()
    await page.getByRole('link', { name: 'INICIAR SESIÓN' }).waitFor()
    expect(await button('PARTICIPAR').count()).toBe(0)
    await snap(page, viewport, 'lottery-visitor')

    await logIn(page, freshPlayers[viewport.name], password)
    const before = Number(await headerAmount(page, 'Terycarbonos'))
    await page.goto('/lottery')
    await button('PARTICIPAR').click()
    const dialog = page.getByRole('dialog', { name: /^¿Participar en el sorteo #\d+\?$/ })
    await dialog.getByRole('button', { name: 'CONFIRMAR' }).click()
    await page.getByText('Ya participas en este sorteo.').waitFor()
    await expect.poll(() => headerAmount(page, 'Terycarbonos')).toBe(String(before - 50))
    await snap(page, viewport, 'lottery-entered')

    // The seed's past draws ran the real draw: each one checks out in the browser.
    await page
      .getByRole('button', { name: /^Verificar el sorteo #\d+$/ })
      .first()
      .click()
    await page.getByText('Verificado: el sorteo fue justo.').waitFor()
    await snap(page, viewport, 'lottery-verified')
    expect(watch.problems).toEqual([])
  })

  it('a player links their music account, syncs and claims the reward', async () => {
    const email = freshPlayers[viewport.name]
    await logIn(page, email, password)
    await page.goto('/music')
    await page.getByRole('note').waitFor()
    await page.getByRole('textbox', { name: 'Correo de tu cuenta de música' }).fill(email)
    await button('GUARDAR CORREO').click()
    await button('VINCULAR CUENTA').click()
    // The local provider authorizes at once: /music/callback finishes linking, back on /music.
    await page.waitForURL((url) => url.pathname === '/music')
    await page.getByText('¡Tu cuenta de música quedó vinculada!').waitFor()
    const before = Number(await headerAmount(page, 'Terycarbonos'))
    await button('SINCRONIZAR').click()
    await button('RECLAMAR').waitFor()
    await snap(page, viewport, 'music-claimable')
    await button('RECLAMAR').click()
    await page.getByText('¡Reclamaste 20 terycarbonos!').waitFor()
    await expect.poll(() => headerAmount(page, 'Terycarbonos')).toBe(String(before + 20))
    await page.getByText('Reclamada · +2 terycarbonos').first().waitFor()
    await snap(page, viewport, 'music-claimed')
    expect(watch.problems).toEqual([])
  })

  it('a player opens a training, reads the lesson, answers and finishes it', async () => {
    await logIn(page, freshPlayers[viewport.name], password)
    await page.goto('/trainings')
    await page.getByRole('link', { name: 'CONTINUAR' }).click()
    await page.getByRole('link', { name: 'EMPEZAR' }).click()
    await page.waitForURL((url) => url.pathname === '/training/playing')
    await button('EMPEZAR').click()
    await page.getByRole('heading', { name: 'Un juego para formar equipo' }).waitFor()
    await snap(page, viewport, 'training-reading')
    await button('SIGUIENTE').click()
    await button('IR A LAS PREGUNTAS').click()
    await page
      .getByRole('group', { name: /¿Qué moneda es el combustible de la mina\?/ })
      .getByRole('radio', { name: 'Los terycarbonos' })
      .check()
    await page
      .getByRole('group', { name: /¿Cuál es la moneda que se canjea en el mercado\?/ })
      .getByRole('radio', { name: 'Las gemas' })
      .check()
    await button('TERMINAR').click()
    await page.getByText('Ganaste 5 gemas.').waitFor()
    await snap(page, viewport, 'training-finished')
    await page.getByRole('link', { name: 'VOLVER AL ENTRENAMIENTO' }).first().click()
    await page.getByText(/^Terminada el \d{2}\/\d{2}\/\d{4} · ganaste 5 gemas$/).waitFor()
    await page.getByText(/^Ya entrenaste hoy\. Se desbloquea en \d{2}:\d{2}:\d{2}$/).waitFor()
    expect(watch.problems).toEqual([])
  })

  it('a player buys and claims a coupon: claims the one they completed, buys and activates the next', async () => {
    // The demo player always has an active coupon: the seed's, or the one the phone bought.
    await logIn(page, 'demo@tery.example', password)
    await page.goto('/expressCoupon')
    const coupon = page.getByRole('region', { name: 'Tu cupón' })
    await coupon.getByText(/^(ACTIVO|LISTO PARA RECLAMAR)$/).waitFor()
    await snap(page, viewport, 'coupon-active')

    // Its missions are done on /missions (earning.e2e.ts walks that screen): here the player's
    // own browser confirms and claims each one through the same calls, once the network's wait
    // (missionCheckSeconds) has passed since the coupon was activated.
    const left = await page.evaluate(async () => {
      const answer = await fetch('/api/coupon', { credentials: 'include' })
      const body = (await answer.json()) as {
        data: { coupon: { missions: { id: string; state: string }[] } }
      }
      return body.data.coupon.missions.filter((mission) => mission.state !== 'claimed')
    })
    for (const mission of left) {
      await expect
        .poll(
          () =>
            page.evaluate(async (id) => {
              const answer = await fetch(`/api/mission/${id}/check`, { credentials: 'include' })
              const body = (await answer.json()) as { data: { mission: { state: string } } }
              return body.data.mission.state
            }, mission.id),
          { timeout: 20_000, interval: 1_000 },
        )
        .toBe('claimable')
      const claimed = await page.evaluate(async (id) => {
        const answer = await fetch('/api/mission/claim', {
          method: 'POST',
          credentials: 'include',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ missionId: id }),
        })
        return answer.status
      }, mission.id)
      expect(claimed).toBe(200)
    }

    await page.reload()
    await coupon.getByText('¡Completaste todas las misiones a tiempo!').waitFor()
    const gems = Number(await headerAmount(page, 'Gemas'))
    await snap(page, viewport, 'coupon-claimable')
    await button('RECLAMAR 300 gemas').click()
    await coupon.getByText(/^Reclamaste 300 gemas el \d{2}\/\d{2}\/\d{4}/).waitFor()
    await expect.poll(() => headerAmount(page, 'Gemas')).toBe(String(gems + 300))
    await snap(page, viewport, 'coupon-claimed')

    const terydollars = Number(await headerAmount(page, 'Terydólares'))
    await button('COMPRAR OTRO CUPÓN').click()
    const dialog = page.getByRole('dialog', { name: '¿Comprar el cupón exprés?' })
    await dialog.getByRole('button', { name: 'CONFIRMAR' }).click()
    await coupon.getByText('PENDIENTE', { exact: true }).waitFor()
    await expect.poll(() => headerAmount(page, 'Terydólares')).toBe(String(terydollars - 5))
    await button('ACTIVAR CUPÓN').click()
    await coupon.getByText('ACTIVO', { exact: true }).waitFor()
    expect(
      await coupon.getByRole('list', { name: 'Misiones activas' }).getByRole('listitem').count(),
    ).toBe(3)
    await snap(page, viewport, 'coupon-bought')
    expect(watch.problems).toEqual([])
  })

  it('a player searches their referrals: the address keeps the filters, and a reload shows the same list', async () => {
    await logIn(page, 'demo@tery.example', password)
    await page.goto('/referral')
    const list = page.getByRole('list', { name: 'Tus referidos directos' })
    const names = () => list.getByRole('listitem').allTextContents()
    await list.waitFor()
    expect((await names()).length).toBeGreaterThan(1)

    const search = page.getByRole('searchbox', { name: 'Buscar por nombre o código' })
    await search.fill('val')
    await button('BUSCAR').click()
    await page.waitForURL((url) => url.pathname === '/referral' && url.search === '?buscar=val')
    await expect.poll(async () => (await names()).length).toBe(1)
    expect((await names())[0]).toContain('Valentina')
    await snap(page, viewport, 'referral-search')

    // The address is the filter: a reload asks the server for the same list.
    await page.reload()
    await list.waitFor()
    expect(await search.inputValue()).toBe('val')
    expect((await names()).length).toBe(1)

    // Valentina is penalized: without the penalized, nobody is left.
    await page.getByRole('combobox', { name: 'Penalización' }).selectOption({
      label: 'Sin penalización',
    })
    await page.waitForURL((url) => url.search === '?buscar=val&penalizados=no')
    await page.getByText('Aún no tienes referidos con esos filtros.').waitFor()
    expect(watch.problems).toEqual([])
  })
})
