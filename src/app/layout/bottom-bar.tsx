import { NavLink } from 'react-router-dom'
import { bottomBar, layout } from '../../copy/common'
import { Icon } from '../../components/icons'
import { navIcons } from '../../components/nav-icons'

const items: readonly { label: string; to: string; icon: keyof typeof navIcons }[] = [
  { label: bottomBar.home, to: '/home', icon: 'home' },
  { label: bottomBar.management, to: '/management', icon: 'management' },
  { label: bottomBar.missions, to: '/missionsLobby', icon: 'missions' },
  { label: bottomBar.market, to: '/market', icon: 'market' },
]

/** INICIO, GESTIÓN, MISIONES, CANJEAR: the phone navigation of a signed-in player. */
export function BottomBar() {
  return (
    <nav className="bottom-bar" aria-label={layout.bottomNavigation}>
      {items.map((item) => (
        <NavLink key={item.to} to={item.to} className="bottom-bar__item">
          <Icon path={navIcons[item.icon]} />
          <span>{item.label}</span>
        </NavLink>
      ))}
    </nav>
  )
}
