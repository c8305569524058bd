import { catalogueMessages } from '../../contract/messages'
import type { RequestFailure } from './request-failure'

/** Failures every machine's samples reuse: the catalogue's answers as the API client gives them. */
export const sampleFailures = {
  sessionEnded: { status: 401, message: catalogueMessages.sessionEnded, network: false },
  noAnswer: { status: 400, message: catalogueMessages.network, network: true },
  serverError: { status: 500, message: 'No pudimos completar la solicitud', network: false },
} as const satisfies Record<string, RequestFailure>
