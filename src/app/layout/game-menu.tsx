import { useSelector } from '@xstate/react'
import { NavLink } from 'react-router-dom'
import { selectIsMenuOpen } from '../../../machines/ui/ui.selectors'
import { bottomBar, layout } from '../../copy/common'
import { gameMenu } from '../../copy/game-menu'
import { Icon } from '../../components/icons'
import { navIcons } from '../../components/nav-icons'
import { useAppActors } from '../app-context'
import { useHydrated } from '../use-hydrated'

/**
 * The player's gameMenu. The bottom bar shows the first four on phones; the game menu lists
 * them all at every width. A screen joins the game by adding its line here.
 */
export const gameDestinations: readonly {
  label: string
  to: string
  icon: keyof typeof navIcons
}[] = [
  { label: bottomBar.home, to: '/home', icon: 'home' },
  { label: bottomBar.management, to: '/management', icon: 'management' },
  { label: bottomBar.missions, to: '/missionsLobby', icon: 'missions' },
  { label: bottomBar.market, to: '/market', icon: 'market' },
  { label: gameMenu.play, to: '/play', icon: 'play' },
  { label: gameMenu.videos, to: '/videos', icon: 'videos' },
  { label: gameMenu.playlists, to: '/playlists', icon: 'playlists' },
  { label: gameMenu.voltaCharge, to: '/voltaCharge', icon: 'voltaCharge' },
  { label: gameMenu.battery, to: '/battery', icon: 'battery' },
  { label: gameMenu.mine, to: '/mine', icon: 'mine' },
  { label: gameMenu.team, to: '/team', icon: 'team' },
  { label: gameMenu.progress, to: '/progress', icon: 'progress' },
  { label: gameMenu.profile, to: '/profile', icon: 'profile' },
  { label: gameMenu.global, to: '/global', icon: 'global' },
  { label: gameMenu.shop, to: '/shop', icon: 'shop' },
  { label: gameMenu.expressCoupon, to: '/expressCoupon', icon: 'expressCoupon' },
  { label: gameMenu.trainings, to: '/trainings', icon: 'trainings' },
  { label: gameMenu.music, to: '/music', icon: 'music' },
  { label: gameMenu.lottery, to: '/lottery', icon: 'lottery' },
  { label: gameMenu.finance, to: '/finance', icon: 'finance' },
]

/**
 * MENÚ in a player's header: the responsive menu of the ui machine, a panel of every destination
 * that fits the screen (columns, and a scroll of its own when it is still taller). It closes on its
 * button, on Escape, on a click outside it (a backdrop over the page) and when the player follows
 * a link.
 */
export function GameMenu() {
  const { ui } = useAppActors()
  const open = useSelector(ui, selectIsMenuOpen)
  const hydrated = useHydrated()
  const panelId = 'game-menu'
  return (
    <>
      <button
        type="button"
        className="button button--ghost header__more"
        aria-expanded={open}
        aria-controls={panelId}
        disabled={!hydrated}
        onClick={() => ui.send({ type: 'menu.toggle' })}
      >
        {layout.menu}
      </button>
      {open ? (
        <nav
          id={panelId}
          className="game-menu__panel"
          aria-label={layout.gameMenu}
          onKeyDown={(event) => {
            if (event.key === 'Escape') ui.send({ type: 'menu.close' })
          }}
        >
          <ul className="menu-list game-menu__list">
            {gameDestinations.map((item) => (
              <li key={item.to}>
                <NavLink
                  className="menu-list__item"
                  to={item.to}
                  onClick={() => ui.send({ type: 'menu.close' })}
                >
                  <Icon path={navIcons[item.icon]} />
                  {item.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
      ) : null}
    </>
  )
}

/**
 * What lies outside the open MENÚ panel: a click there closes it and does nothing else. Rendered
 * by the layout, outside the header, and subscribed on its own.
 */
export function GameMenuBackdrop() {
  const { ui } = useAppActors()
  const open = useSelector(ui, selectIsMenuOpen)
  return open ? (
    <div
      className="game-menu__backdrop"
      aria-hidden="true"
      onClick={() => ui.send({ type: 'menu.close' })}
    />
  ) : null
}
