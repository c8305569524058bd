import { ConfirmationModal } from './confirmation-modal'
import { OptionsModal } from './options-modal'
import { SocialModal } from './social-modal'
import { TermsModal } from './terms-modal'

/**
 * The layout's modals, in their own chunk: none is needed to paint a page, so they load the
 * first time one opens (or after the app has been idle a moment, see `preloadLayoutModals`).
 */
export function LayoutModals({ onLegalPage }: { onLegalPage: boolean }) {
  return (
    <>
      <OptionsModal />
      <SocialModal />
      <ConfirmationModal />
      <TermsModal onLegalPage={onLegalPage} />
    </>
  )
}
