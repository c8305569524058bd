import { titles } from '../../copy/es-co'
import { termsText } from '../../copy/es-co-legal'
import { LegalDocument } from '../../components/legal-document'

export function Component() {
  return <LegalDocument title={titles.terms} text={termsText} />
}
