import { useSelector } from '@xstate/react'
import { selectIsSocialOpen } from '../../../machines/ui/ui.selectors'
import { social } from '../../copy/common'
import { Modal } from '../../components/modal'
import { ResourceStatus } from '../../components/resource-status'
import { useAppActors } from '../app-context'
import { Icon } from '../../components/icons'
import { ExternalLink } from '../../components/external-link'
import { menuIcons } from '../../components/menu-icons'

/** NUESTRAS REDES: the game's channels from GET /api/config, and CONTINUAR to close. */
export function SocialModal() {
  const { ui, config } = useAppActors()
  const open = useSelector(ui, selectIsSocialOpen)
  const close = () => ui.send({ type: 'social.close' })

  return (
    <Modal
      open={open}
      title={social.title}
      onClose={close}
      width={420}
      footer={
        <button type="button" className="button button--gold button--block" onClick={close}>
          {social.continue}
        </button>
      }
    >
      <p className="muted">{social.intro}</p>
      <ResourceStatus
        actor={config}
        loading={social.loading}
        empty={social.empty}
        failed={social.failed}
      >
        {({ links }) =>
          links.social.length === 0 ? (
            <p className="status-panel">{social.empty}</p>
          ) : (
            <ul className="menu-list" aria-label={social.title}>
              {links.social.map((link) => (
                <li key={link.id}>
                  <ExternalLink
                    className="menu-list__item"
                    href={link.url}
                    after={<Icon path={menuIcons.external} className="icon menu-list__external" />}
                  >
                    <Icon path={menuIcons[link.id]} />
                    {social.names[link.id]}
                  </ExternalLink>
                </li>
              ))}
            </ul>
          )
        }
      </ResourceStatus>
    </Modal>
  )
}
