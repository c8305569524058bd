import { useState } from 'react'
import { useActorRef, useSelector } from '@xstate/react'
import { createResourceMachine } from '../../../machines/resource/resource.machine'
import { selectData, selectError } from '../../../machines/resource/resource.selectors'
import type { ChatLink } from '../../../contract/config'
import { common, support } from '../../copy/es-co'
import { useAppActors } from '../../app/app-context'
import { Icon } from '../../components/icons'
import { ExternalLink } from '../../components/external-link'
import { pageIcons } from '../../components/page-icons'
import { Spinner } from '../../components/spinner'

/** /support: the help card and the floating assistant button that opens the support chat. */
export function Component() {
  const { logic } = useAppActors()
  const [machine] = useState(() =>
    createResourceMachine<ChatLink>().provide({ actors: { load: logic.chat.load } }),
  )
  const chat = useActorRef(machine)
  const link = useSelector(chat, (snapshot) => selectData(snapshot)?.link)
  const error = useSelector(chat, selectError)

  return (
    <div className="page support">
      <section className="card support-card" aria-labelledby="support-title">
        <h1 id="support-title">{support.title}</h1>
        <p>{support.text}</p>
        <p className="muted">{support.hours}</p>
        <div className="status-panel" aria-live="polite">
          {link ? null : error ? (
            <>
              <p className="field__error">{support.failed}</p>
              <button
                type="button"
                className="button button--small"
                onClick={() => chat.send({ type: 'resource.retry' })}
              >
                {common.retry}
              </button>
            </>
          ) : (
            <Spinner label={support.loading} />
          )}
        </div>
      </section>
      {link ? (
        <ExternalLink className="assistant" href={link}>
          <Icon path={pageIcons.chat} />
          <span className="visually-hidden">{support.assistant}</span>
        </ExternalLink>
      ) : null}
    </div>
  )
}
