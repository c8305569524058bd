import { useSelector } from '@xstate/react'
import { Link } from 'react-router-dom'
import { selectIsAuthenticated } from '../../../machines/session/session.selectors'
import { selectIsOptionsOpen } from '../../../machines/ui/ui.selectors'
import { selectData } from '../../../machines/resource/resource.selectors'
import { confirmation, options } from '../../copy/common'
import { Modal } from '../../components/modal'
import { useAppActors } from '../app-context'
import { Icon } from '../../components/icons'
import { ExternalLink } from '../../components/external-link'
import { menuIcons } from '../../components/menu-icons'

type PageItem = { label: string; to: string; icon: keyof typeof menuIcons }

const pageItems: readonly PageItem[] = [
  { label: options.lottery, to: '/lottery', icon: 'lottery' },
  { label: options.help, to: '/trainings', icon: 'help' },
  { label: options.learnToWin, to: '/trainings', icon: 'learn' },
  { label: options.support, to: '/support', icon: 'support' },
]

/** OPCIONES: NUESTRAS REDES, SORTEO, FINANZAS, AYUDA, APRENDE A GANAR, SOPORTE and, signed in, SALIR. */
export function OptionsModal() {
  const { session, ui, config } = useAppActors()
  const open = useSelector(ui, selectIsOptionsOpen)
  const isAuthenticated = useSelector(session, selectIsAuthenticated)
  const financeUrl = useSelector(config, (snapshot) => selectData(snapshot)?.links.finance)
  const close = () => ui.send({ type: 'options.close' })
  const [lottery, ...afterFinance] = pageItems

  return (
    <Modal open={open} title={options.title} onClose={close} width={420}>
      <ul className="menu-list">
        <li>
          <button
            type="button"
            className="menu-list__item"
            onClick={() => ui.send({ type: 'social.open' })}
          >
            <Icon path={menuIcons.social} />
            {options.socialNetworks}
          </button>
        </li>
        {lottery ? <PageLink item={lottery} onNavigate={close} /> : null}
        {financeUrl ? (
          <li>
            <ExternalLink
              className="menu-list__item"
              href={financeUrl}
              onClick={close}
              after={<Icon path={menuIcons.external} className="icon menu-list__external" />}
            >
              <Icon path={menuIcons.finance} />
              {options.finance}
            </ExternalLink>
          </li>
        ) : null}
        {afterFinance.map((item) => (
          <PageLink key={item.label} item={item} onNavigate={close} />
        ))}
        {isAuthenticated ? (
          <li>
            <button
              type="button"
              className="menu-list__item menu-list__item--danger"
              onClick={() => {
                close()
                ui.send({
                  type: 'confirmation.open',
                  intent: 'logout',
                  title: confirmation.logoutTitle,
                  message: confirmation.logoutMessage,
                })
              }}
            >
              <Icon path={menuIcons.logout} />
              {options.logout}
            </button>
          </li>
        ) : null}
      </ul>
    </Modal>
  )
}

function PageLink({ item, onNavigate }: { item: PageItem; onNavigate: () => void }) {
  return (
    <li>
      <Link className="menu-list__item" to={item.to} onClick={onNavigate}>
        <Icon path={menuIcons[item.icon]} />
        {item.label}
      </Link>
    </li>
  )
}
