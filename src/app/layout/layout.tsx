import { Suspense, useEffect, useRef, useSyncExternalStore } from 'react'
import { useSelector } from '@xstate/react'
import { Link, Outlet, useLocation, useMatches } from 'react-router-dom'
import {
  selectIsAuthenticated,
  selectIsSettled,
  selectNeedsTerms,
  selectSession,
} from '../../../machines/session/session.selectors'
import {
  isBottomBarVisible,
  selectConfirmation,
  selectIsLoginFormShown,
  selectIsOptionsOpen,
  selectIsSocialOpen,
} from '../../../machines/ui/ui.selectors'
import { selectToasts } from '../../../machines/toaster/toaster.selectors'
import { selectIsLoadingBarVisible } from '../../../machines/loading-bar/loading-bar.selectors'
import { brand, layout, titles } from '../../copy/common'
import { LoadingBar } from '../../components/loading-bar'
import { Toasts } from '../../components/toasts'
import { useAppActors } from '../app-context'
import { usePlayerExpected } from '../player-expected'
import { readHandle } from '../route-handle'
import { BottomBar } from './bottom-bar'
import { GameMenuBackdrop } from './game-menu'
import { Header } from './header'
import { LazyLayoutModals, LazyPlayerInbox } from './lazy-modals'

/** The spec's bar run (5000 ms); the machine owns the timing, the CSS only draws it. */
const LOADING_BAR_DURATION_MS = 5000

/** The shared layout: header, page, bottom bar, the layout's modals, toasts and loading bar. */
export function Layout() {
  const { session, ui } = useAppActors()
  const handle = readHandle(useMatches())
  const isAuthenticated = useSelector(session, selectIsAuthenticated)
  // A player's page, or any page the server sent a browser holding a session cookie (the shell,
  // a framed page): a player's header, balances to come, so nothing moves when they arrive.
  const playerExpected = usePlayerExpected()
  const awaitingPlayer = useSelector(
    session,
    (snapshot) => (handle.players === true || playerExpected) && !selectIsSettled(snapshot),
  )
  const loginShown = useSelector(ui, selectIsLoginFormShown)
  const showBottomBar = useSelector(ui, (snapshot) => isBottomBarVisible(snapshot, isAuthenticated))
  const modalOpen = useSelector(
    ui,
    (snapshot) =>
      selectIsOptionsOpen(snapshot) ||
      selectIsSocialOpen(snapshot) ||
      selectConfirmation(snapshot) !== null,
  )
  const needsTerms = useSelector(session, selectNeedsTerms)
  const playerId = useSelector(session, (snapshot) => selectSession(snapshot)?.id ?? null)
  const main = useFocusAfterNavigation()

  const classes = ['layout']
  if (handle.background === 'landing') classes.push('layout--landing')
  if (loginShown) classes.push('layout--zoom')
  if (showBottomBar) classes.push('layout--with-bottom-bar')

  return (
    <div className={classes.join(' ')}>
      <title>{handle.title ? `${handle.title} · ${brand.name}` : brand.name}</title>
      <a className="skip-link" href="#main">
        {layout.skipToContent}
      </a>
      <Header title={handle.title} awaitingPlayer={awaitingPlayer} />
      <main ref={main} id="main" className="main" tabIndex={-1}>
        {/* In the main landmark, whose content it reports on; fixed, it still draws at the top. */}
        <PageLoadingBar />
        <PageControls />
      </main>
      <footer className="footer">
        <span>{layout.copyright}</span>
        <Link to="/terms">{titles.terms}</Link>
        <Link to="/privacy_policies">{titles.privacyPolicies}</Link>
      </footer>
      {showBottomBar ? <BottomBar /> : null}
      <GameMenuBackdrop />
      {modalOpen || needsTerms ? (
        <Suspense fallback={null}>
          <LazyLayoutModals onLegalPage={handle.legal === true} />
        </Suspense>
      ) : null}
      {isAuthenticated && !needsTerms && playerId ? (
        <Suspense fallback={null}>
          <LazyPlayerInbox key={playerId} />
        </Suspense>
      ) : null}
      <LayoutToasts />
    </div>
  )
}

/**
 * The loading bar, subscribed on its own: it changes as every call starts and ends, and the
 * layout re-rendered with it (header, bottom bar and all) was a long task per call on a phone.
 */
function PageLoadingBar() {
  const { loadingBar } = useAppActors()
  const visible = useSelector(loadingBar, selectIsLoadingBarVisible)
  return <LoadingBar visible={visible} durationMs={LOADING_BAR_DURATION_MS} />
}

/**
 * The page, its controls disabled while the server cannot be reached: what needs the server waits,
 * links and what the page already shows stay. Subscribed on its own, like the loading bar.
 */
function PageControls() {
  const { live } = useAppActors()
  const offline = useSyncExternalStore(
    live.subscribe,
    () => live.offline,
    () => false,
  )
  return (
    <fieldset className="main__controls" disabled={offline}>
      <Outlet />
    </fieldset>
  )
}

/** The toasts, subscribed on their own for the same reason. */
function LayoutToasts() {
  const { toaster } = useAppActors()
  const toasts = useSelector(toaster, selectToasts)
  return <Toasts toasts={toasts} onDismiss={(id) => toaster.send({ type: 'toast.dismiss', id })} />
}

/**
 * After a navigation that removed the element with the focus (the menu link, the login form),
 * the focus goes to the new page's content: a keyboard or screen-reader user goes on from there,
 * not from the top of the document or, as Chromium does, from past its end. Focus still on the
 * header or the bottom bar stays where it is, and the first page load leaves it alone.
 */
function useFocusAfterNavigation() {
  const main = useRef<HTMLElement>(null)
  const { pathname } = useLocation()
  const firstPath = useRef(pathname)
  useEffect(() => {
    if (pathname === firstPath.current) return
    firstPath.current = ''
    const focused = document.activeElement
    if (focused === null || focused === document.body) main.current?.focus()
  }, [pathname])
  return main
}
