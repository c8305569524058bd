/**
 * Every string the player sees, in es-CO Spanish as the product spec gives it.
 * Views and the API client read from here; nothing player-facing is written inline elsewhere.
 */

/** Error wording of the spec's error catalogue (the API client reads these). */
export const errors = {
  sessionEnded: 'La sesión ha terminado',
  network: 'Ocurrio un error al procesar la petición',
  // The spec keeps this typo ("en") for mission-summary calls: players and tests see it verbatim.
  missionSummaryNetwork: 'Ocurrio en error al procesar la solicitud',
  fallback: 'err',
} as const
