import { support } from '../../copy/support'
import { usePageActor } from '../../app/use-page-actor'
import { Icon } from '../../components/icons'
import { ExternalLink } from '../../components/external-link'
import { pageIcons } from '../../components/page-icons'
import { ResourceStatus } from '../../components/resource-status'
import { chatActors, chatMachine } from './support.actors'

/** /support: the help card and the floating assistant button that opens the support chat. */
export function Component() {
  const chat = usePageActor(chatMachine, chatActors)

  return (
    <div className="page support">
      <section className="card support-card" aria-labelledby="support-title">
        <h1 id="support-title">{support.title}</h1>
        <p>{support.text}</p>
        <p className="muted">{support.hours}</p>
        <div aria-live="polite">
          <ResourceStatus
            actor={chat}
            loading={support.loading}
            empty={support.unavailable}
            failed={support.failed}
          >
            {({ link }) => (
              <ExternalLink className="assistant" href={link}>
                <Icon path={pageIcons.chat} />
                <span className="visually-hidden">{support.assistant}</span>
              </ExternalLink>
            )}
          </ResourceStatus>
        </div>
      </section>
    </div>
  )
}
