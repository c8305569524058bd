import { titles } from '../../copy/common'
import { termsText } from '../../copy/legal'
import { LegalDocument } from '../../components/legal-document'

export function Component() {
  return <LegalDocument title={titles.terms} text={termsText} />
}
