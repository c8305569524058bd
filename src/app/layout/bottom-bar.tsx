import { NavLink } from 'react-router-dom'
import { layout } from '../../copy/common'
import { Icon } from '../../components/icons'
import { navIcons } from '../../components/nav-icons'
import { gameDestinations } from './game-menu'

/** The spec's four: INICIO, GESTIÓN, MISIONES, CANJEAR. */
const items = gameDestinations.slice(0, 4)

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
