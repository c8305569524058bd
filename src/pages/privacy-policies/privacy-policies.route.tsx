import { titles } from '../../copy/common'
import { privacyText } from '../../copy/legal'
import { LegalDocument } from '../../components/legal-document'

export function Component() {
  return <LegalDocument title={titles.privacyPolicies} text={privacyText} />
}
