import { useId } from 'react'
import { useSelector } from '@xstate/react'
import { selectConfirmation } from '../../../machines/ui/ui.selectors'
import { confirmation as copy } from '../../copy/common'
import { Modal } from '../../components/modal'
import { useAppActors } from '../app-context'

/** Asks before an irreversible action (SALIR); the ui machine says what was accepted. */
export function ConfirmationModal() {
  const { ui } = useAppActors()
  const confirmation = useSelector(ui, selectConfirmation)
  const messageId = useId()
  const cancel = () => ui.send({ type: 'confirmation.cancel' })

  return (
    <Modal
      open={confirmation !== null}
      title={confirmation?.title ?? ''}
      onClose={cancel}
      width={400}
      describedBy={messageId}
      footer={
        <>
          <button type="button" className="button" onClick={cancel}>
            {copy.cancel}
          </button>
          <button
            type="button"
            className="button button--gold"
            onClick={() => ui.send({ type: 'confirmation.accept' })}
          >
            {copy.accept}
          </button>
        </>
      }
    >
      <p id={messageId}>{confirmation?.message}</p>
    </Modal>
  )
}
