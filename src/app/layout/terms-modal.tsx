import { useId } from 'react'
import { useSelector } from '@xstate/react'
import { Link } from 'react-router-dom'
import {
  selectIsAgreeing,
  selectNeedsTerms,
  selectTermsError,
} from '../../../machines/session/session.selectors'
import { options, termsModal as terms } from '../../copy/common'
import { Modal } from '../../components/modal'
import { useAppActors } from '../app-context'
import { FormError } from '../../components/form-error'

/**
 * The terms agreement a signed-in player must give before playing. It can't be dismissed; the
 * player may read the terms (the modal steps aside on the legal pages) or leave with SALIR.
 */
export function TermsModal({ onLegalPage }: { onLegalPage: boolean }) {
  const { session } = useAppActors()
  const needsTerms = useSelector(session, selectNeedsTerms)
  const agreeing = useSelector(session, selectIsAgreeing)
  const error = useSelector(session, selectTermsError)
  const textId = useId()

  return (
    <Modal
      open={needsTerms && !onLegalPage}
      title={terms.modalTitle}
      width={480}
      className="terms-modal"
      describedBy={textId}
      footer={
        <>
          <button
            type="button"
            className="button button--ghost"
            onClick={() => session.send({ type: 'logout.request' })}
          >
            {options.logout}
          </button>
          <button
            type="button"
            className="button button--gold"
            disabled={agreeing}
            onClick={() => session.send({ type: 'terms.agree' })}
          >
            {agreeing ? terms.accepting : terms.accept}
          </button>
        </>
      }
    >
      <p id={textId}>{terms.modalText}</p>
      <p>
        <Link to="/terms">{terms.readLink}</Link>
      </p>
      <FormError message={error} />
    </Modal>
  )
}
