import { useSelector } from '@xstate/react'
import { selectIsSocialOpen } from '../../../machines/ui/ui.selectors'
import { selectData, selectError } from '../../../machines/resource/resource.selectors'
import { common, social } from '../../copy/es-co'
import { Modal } from '../../components/modal'
import { Spinner } from '../../components/spinner'
import { useAppActors } from '../app-context'
import { Icon } from '../../components/icons'
import { ExternalLink } from '../../components/external-link'
import { menuIcons } from '../../components/menu-icons'

/** NUESTRAS REDES: the game's channels from GET /api/config, and CONTINUAR to close. */
export function SocialModal() {
  const { ui, config } = useAppActors()
  const open = useSelector(ui, selectIsSocialOpen)
  const links = useSelector(config, (snapshot) => selectData(snapshot)?.links.social)
  const error = useSelector(config, selectError)
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
      {links ? (
        <ul className="menu-list" aria-label={social.title}>
          {links.map((link) => (
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
      ) : error ? (
        <div className="status-panel">
          <p className="field__error">{social.failed}</p>
          <button
            type="button"
            className="button button--small"
            onClick={() => config.send({ type: 'resource.retry' })}
          >
            {common.retry}
          </button>
        </div>
      ) : (
        <Spinner label={social.loading} />
      )}
    </Modal>
  )
}
