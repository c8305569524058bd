import { screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it, onTestFinished, vi } from 'vitest'
import { mineMachine } from '../../machines/mine/mine.machine'
import { liveMachine } from '../../machines/live/live.machine'
import { reactivationMachine } from '../../machines/reactivation/reactivation.machine'
import { sessionMachine } from '../../machines/session/session.machine'
import { welcomeMessagesMachine } from '../../machines/welcome-messages/welcome-messages.machine'
import type { Session } from '../../contract/auth'
import type { MineState } from '../../contract/mining'
import { realActors } from '../../src/app/actors'
import { configMachine } from '../../machines/app/app.machine'
import { createAppActors, type ActorOverrides } from '../../src/app/app-actors'
import { mountApp, type MountedApp } from '../../src/app/mount-app'
import { payoutsMachine } from '../../src/pages/mine/mine.actors'
import { videoListMachine } from '../../src/pages/videos/videos.actors'
import { teamMachine } from '../../src/pages/team/team.actors'
import { couponMachine } from '../../machines/coupon/coupon.machine'
import { terydollarPurchaseMachine } from '../../machines/terydollar-purchase/terydollar-purchase.machine'
import {
  batteryOverviewMachine,
  boardMachine,
  burnValueMachine,
  ownOffersMachine,
  tradeHistoryMachine,
} from '../../src/pages/battery/battery.actors'
import { missionAccessMachine } from '../../src/pages/missions/missions.actors'
import { chatMachine } from '../../src/pages/support/support.actors'
import { lotteryEntryMachine } from '../../machines/lottery-entry/lottery-entry.machine'
import { lotteryHistoryMachine } from '../../src/pages/lottery/lottery.actors'
import { playlistListMachine } from '../../src/pages/playlists/playlists.actors'
import { voltaChargeMachine } from '../../machines/volta-charge/volta-charge.machine'
import { terycarbonBatteryMachine } from '../../src/pages/terycarbon-battery/terycarbon-battery.actors'
import { miningModeMachine } from '../../machines/mining-mode/mining-mode.machine'
import { foundersMachine } from '../../src/pages/founder/founder.actors'
import { progressMachine } from '../../src/pages/progress/progress.actors'
import { profileMachine, profileProgressMachine } from '../../src/pages/profile/profile.actors'
import { leaderboardMachine } from '../../src/pages/global/global.actors'
import { managementMachine } from '../../src/pages/management/management.actors'
import { musicLinkMachine } from '../../machines/music-link/music-link.machine'
import { recentPlaysMachine } from '../../src/pages/music/music.actors'
import { trainingsMachine } from '../../src/pages/trainings/trainings.actors'
import { financeTrainingMachine } from '../../src/pages/finance/finance.actors'
import {
  framedPaths,
  prerender,
  prerenderedPaths,
  prerenderFrame,
  renderShell,
} from '../../src/prerender'
import { fakeActors } from './fake-actors'
import { videos } from '../../src/copy/earning'
import { battery } from '../../src/copy/battery'
import { team } from '../../src/copy/team'
import { expressCoupon } from '../../src/copy/express-coupon'
import { lottery } from '../../src/copy/lottery'
import { support } from '../../src/copy/support'
import { gameConfig, player } from './render-app'

const chatLink = 'https://chat.example/soporte'
const mounted: (() => void)[] = []

afterEach(() => {
  for (const unmount of mounted.splice(0)) unmount()
})

type HydrateOptions = {
  /** The signed-in player the session check answers; null: a visitor; 'pending': never answers. */
  session?: Session | null | 'pending'
  /** The player's framed page of the route (prerenderFrame) instead of the visitor's page. */
  frame?: boolean
  /**
   * The shell instead of a page the build rendered: what the server sends a browser holding a
   * session cookie for a public page that has no framed page.
   */
  shell?: boolean
  /** Fakes of the page's own machines. */
  overrides?: ActorOverrides
}

/**
 * A prerendered page as the browser receives it (the build's HTML inside #root, the title lifted
 * into <head> as scripts/lib/prerender.ts does), hydrated the way src/main.tsx does it, with fake
 * I/O: a visitor's page and a visitor unless the options say otherwise.
 */
async function hydratePage(url: string, options: HydrateOptions = {}) {
  const { session = null, frame = false, shell = false, overrides = {} } = options
  const path = new URL(url, 'http://localhost').pathname
  const page = shell
    ? { html: renderShell(), hydrationData: null }
    : frame
      ? await prerenderFrame(path)
      : await prerender(path)
  const container = document.createElement('div')
  container.innerHTML = page.html.replace(/<title>[^<]*<\/title>/, '')
  document.body.append(container)
  window.history.replaceState(null, '', url)

  const sessionFakes = fakeActors(sessionMachine, {
    fetchSession: async () => {
      if (session === 'pending') return new Promise<Session>(() => undefined)
      return session
    },
    logIn: async ({ email }) => ({ ...player, email }),
    logOut: async () => undefined,
    agreeTerms: async () => ({ ...player, termsAgree: true }),
  })
  const configFakes = fakeActors(configMachine, { load: async () => ({ data: gameConfig }) })
  const chatFakes = fakeActors(chatMachine, { load: async () => ({ data: { link: chatLink } }) })
  const messagesFakes = fakeActors(welcomeMessagesMachine, {
    loadMessages: async () => ({ messages: [] }),
    acknowledge: async () => ({ messages: [] }),
  })
  const reactivationFakes = fakeActors(reactivationMachine, {
    loadStanding: async () => ({ penalized: false, hasSponsor: true }),
    enableCode: async () => null,
  })
  // The player's live stream stays asking: nothing of it reaches the page here.
  const liveFakes = fakeActors(liveMachine, { connect: () => new Promise<never>(() => {}) })
  // /lottery's draws stay loading: the header is what these tests look at there.
  const lotteryFakes = {
    ...fakeActors(lotteryEntryMachine, { loadDraw: pending, enterDraw: pending }).overrides,
    ...fakeActors(lotteryHistoryMachine, { load: pending }).overrides,
  }
  const actors = createAppActors(
    realActors,
    { reload: vi.fn() },
    {
      overrides: {
        ...sessionFakes.overrides,
        ...configFakes.overrides,
        ...chatFakes.overrides,
        ...messagesFakes.overrides,
        ...reactivationFakes.overrides,
        ...liveFakes.overrides,
        ...lotteryFakes,
        ...overrides,
      },
    },
  )
  const heading = container.querySelector('h1')
  const app: MountedApp = await mountApp(container, actors, page.hydrationData, frame)
  mounted.push(() => {
    app.root.unmount()
    app.router.dispose()
    actors.live.actor?.stop()
    actors.app.stop()
    container.remove()
  })
  return { container, heading, router: app.router, fetchSession: sessionFakes.calls.fetchSession }
}

/** A call that never answers: the page stays as it first rendered. */
const pending = <T,>() => new Promise<T>(() => undefined)

/** The framed pages' own first calls, none answering. */
const pendingPageCalls = {
  ...fakeActors(missionAccessMachine, { load: pending }).overrides,
  ...fakeActors(mineMachine, {
    loadMine: pending,
    collect: pending,
    collectBonus: pending,
    readClock: pending,
  }).overrides,
  ...fakeActors(payoutsMachine, { load: pending }).overrides,
  ...fakeActors(videoListMachine, { load: pending }).overrides,
  ...fakeActors(teamMachine, { load: pending }).overrides,
  ...fakeActors(couponMachine, {
    loadCoupon: pending,
    buyCoupon: pending,
    activateCoupon: pending,
    trackCoupon: pending,
    claimCoupon: pending,
  }).overrides,
  ...[
    batteryOverviewMachine,
    burnValueMachine,
    boardMachine,
    ownOffersMachine,
    tradeHistoryMachine,
    playlistListMachine,
    terycarbonBatteryMachine,
    foundersMachine,
    progressMachine,
    profileMachine,
    profileProgressMachine,
    leaderboardMachine,
    managementMachine,
    recentPlaysMachine,
    trainingsMachine,
    financeTrainingMachine,
  ].reduce(
    (fakes, machine) => ({ ...fakes, ...fakeActors(machine, { load: pending }).overrides }),
    {},
  ),
  ...fakeActors(terydollarPurchaseMachine, {
    loadOrder: pending,
    placeOrder: pending,
    sendVoucher: pending,
    acknowledgeOutcome: pending,
  }).overrides,
  ...fakeActors(voltaChargeMachine, { loadReward: pending, claimReward: pending }).overrides,
  ...fakeActors(miningModeMachine, { loadMine: pending, changeMode: pending }).overrides,
  ...fakeActors(musicLinkMachine, {
    checkAccess: pending,
    saveEmail: pending,
    startLink: pending,
    syncPlays: pending,
    auditPlays: pending,
    accumulateReward: pending,
    claimReward: pending,
    acknowledgeStrike: pending,
  }).overrides,
}

describe('prerendered pages', () => {
  it.each(prerenderedPaths)(
    '%s hydrates onto the HTML the build wrote: same elements, no warning',
    async (path) => {
      const { container, heading, fetchSession } = await hydratePage(path)

      // The session check starts once the page is hydrated, and the page stays what it was.
      await waitFor(() => expect(fetchSession).toHaveBeenCalledTimes(1))
      expect(heading?.textContent).toBeTruthy()
      expect(container.querySelector('h1')).toBe(heading)
    },
  )

  it('opens the login form after hydration when a guarded page sent the visitor to /', async () => {
    await hydratePage('/?path=home')

    expect(await screen.findByRole('heading', { name: 'Iniciar sesión' })).toBeTruthy()
  })

  it('takes a signed-in player from the visitor page to /home once the session is known', async () => {
    const { router } = await hydratePage('/', { session: player })

    await waitFor(() => expect(router.state.location.pathname).toBe('/home'))
  })

  it("keeps a visitor's header on /lottery's visitor page while the session is checked", async () => {
    const { fetchSession } = await hydratePage('/lottery', { session: 'pending' })

    // Hydrated: the session check has started, and it has not answered.
    await waitFor(() => expect(fetchSession).toHaveBeenCalledTimes(1))
    expect(screen.getByRole('link', { name: 'SORTEO' })).toBeTruthy()
    expect(screen.queryByRole('button', { name: 'MENÚ' })).toBeNull()
  })
})

describe('a public page over the shell (a browser with a session cookie)', () => {
  it("shows a player's header with the balances' room until the session answers", async () => {
    const { container } = await hydratePage('/support', { shell: true, session: 'pending' })

    expect(await screen.findByRole('heading', { level: 1, name: support.title })).toBeTruthy()
    expect(screen.getByRole('button', { name: 'MENÚ' })).toBeTruthy()
    expect(screen.queryByRole('link', { name: 'SORTEO' })).toBeNull()
    // The skeleton holding the four balances' place, drawn the size of the balances.
    expect(container.querySelectorAll('.header .balances .balance')).toHaveLength(4)
  })

  it('puts the balances where their room was once the session answers', async () => {
    const { container } = await hydratePage('/support', { shell: true, session: player })

    expect(await screen.findByRole('list', { name: 'Tus recursos' })).toBeTruthy()
    expect(container.querySelectorAll('.header .balances .balance')).toHaveLength(4)
  })
})

describe("a player's framed pages", () => {
  it.each(framedPaths)(
    '%s hydrates onto the HTML the build wrote while the session is checked: no warning',
    async (path) => {
      const { container, heading, fetchSession } = await hydratePage(path, {
        frame: true,
        session: 'pending',
        overrides: pendingPageCalls,
      })

      await waitFor(() => expect(fetchSession).toHaveBeenCalledTimes(1))
      expect(container.querySelector('h1')).toBe(heading)
      // A player's header from the first paint: MENÚ, not the visitors' links.
      expect(screen.getByRole('button', { name: 'MENÚ' })).toBeTruthy()
      expect(screen.queryByRole('link', { name: 'SORTEO' })).toBeNull()
    },
  )

  // Each page's heading and the largest text of its first paint (its LCP in Lighthouse's runs), so
  // that is painted from the HTML, not after the code and the page's call.
  it.each([
    ['/videos', videos.title, videos.intro],
    ['/battery', battery.title, battery.intro],
    ['/team', team.title, team.intro],
    ['/expressCoupon', expressCoupon.title, expressCoupon.intro],
    ['/lottery', lottery.title, lottery.intro],
  ])('%s is framed: its HTML shows %s and its first paint', async (path, title, largest) => {
    expect(framedPaths).toContain(path)
    const frame = document.createElement('div')
    frame.innerHTML = (await prerenderFrame(path)).html

    expect(frame.querySelector('main h1')?.textContent).toBe(title)
    expect(frame.querySelector('main')?.textContent).toContain(largest)
  })

  // Made in the render that shows /lottery's first draw, the es-CO number format (ICU's data) held
  // that render 225 ms on a phone; a page with no figure, the landing, does not pay for it.
  it('/lottery makes its number format before its draws answer, the landing does not', async () => {
    // ECMA-402's `format` is a getter (of a bound function); TypeScript's lib types it as a method.
    const prototype = Intl.NumberFormat.prototype as unknown as { format: unknown }
    const formats = vi.spyOn(prototype, 'format', 'get')
    onTestFinished(() => formats.mockRestore())
    const landing = await hydratePage('/', { session: 'pending' })
    await waitFor(() => expect(landing.fetchSession).toHaveBeenCalledTimes(1))
    expect(formats).not.toHaveBeenCalled()

    const lottery = await hydratePage('/lottery', { frame: true, session: 'pending' })
    await waitFor(() => expect(formats).toHaveBeenCalled())
    // Ends once hydrated (the session check starts after it): unmounting a page still hydrating
    // is an error of React's, which a loaded machine once met here.
    await waitFor(() => expect(lottery.fetchSession).toHaveBeenCalledTimes(1))
  })

  it("/battery leaves the terydollars' figure empty until the session says how many", async () => {
    const { container } = await hydratePage('/battery', {
      frame: true,
      session: 'pending',
      overrides: pendingPageCalls,
    })

    // The configuration has answered, so the cards are drawn; the session has not.
    expect(await screen.findByRole('heading', { name: battery.terydollarsTitle })).toBeTruthy()
    const figure = container.querySelector('.terydollars .figure__value')
    expect(figure?.textContent?.trim()).toBe('')
    expect(figure?.querySelector('.skeleton')).toBeTruthy()
  })

  it("/home fills in the player's name, code and balances where the frame waited", async () => {
    const { container, heading } = await hydratePage('/home', { frame: true, session: player })
    expect(heading?.textContent).toBe('Hola')
    expect(screen.getByRole('button', { name: 'Copiar código de invitación' })).toHaveProperty(
      'disabled',
      true,
    )

    expect(await screen.findByRole('heading', { name: 'Hola, Ana Gómez' })).toBe(heading)
    expect(container.querySelector('.invite__value')?.textContent).toBe('ANA2026')
    expect(screen.getByRole('button', { name: 'Copiar código de invitación' })).toHaveProperty(
      'disabled',
      false,
    )
    expect(screen.getByRole('list', { name: 'Tus recursos' })).toBeTruthy()
  })

  it("starts the page's own calls without waiting for the session check", async () => {
    const loadMine = vi.fn(pending<MineState>)
    await hydratePage('/mine', {
      frame: true,
      session: 'pending',
      overrides: {
        ...pendingPageCalls,
        ...fakeActors(mineMachine, {
          loadMine,
          collect: pending,
          collectBonus: pending,
          readClock: pending,
        }).overrides,
      },
    })

    await waitFor(() => expect(loadMine).toHaveBeenCalled())
  })

  it('sends a browser whose session has ended from the frame to / to log in again', async () => {
    const { router } = await hydratePage('/home', { frame: true, session: null })

    await waitFor(() => expect(router.state.location.pathname).toBe('/'))
    expect(router.state.location.search).toBe('?path=home')
  })
})
