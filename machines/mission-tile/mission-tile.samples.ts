import type { Mission } from '../../contract/missions'
import { defineMachineEntry } from '../shared/machine-entry'
import { sampleFailures } from '../shared/sample-failures'
import { missionTileMachine } from './mission-tile.machine'
import * as selectors from './mission-tile.selectors'

const mission: Mission = {
  id: '2f1c7e0a-8f4e-4b8e-9c1d-0a1b2c3d4e5f',
  type: 2,
  title: 'Suscríbete al canal de Tery',
  description: 'Entra al canal y pulsa «Suscribirse».',
  link: 'https://www.youtube.com/@terygame',
  reward: { kind: 'GEMS', amount: 10 },
  state: 'pending',
  source: 'player',
}

/** A social mission not taken yet, for the machine's paths and the views' tests. */
export const sampleMission = mission

const balances = { terycarbons: 2500, gems: 360, voltaCharge: 120, terydollars: 25 }

export const missionTileEntry = defineMachineEntry(missionTileMachine, {
  selectors,
  // Drawn whole, it is wider than the docs: one diagram per stage.
  diagramParts: {
    adding: ['pending', 'adding'],
    'adding failed': ['addFailed', 'accessDenied', 'dailyCapReached'],
    checking: ['added', 'checking', 'checkFailed'],
    claiming: ['claimable', 'claiming', 'claimFailed', 'claimed'],
  },
  events: {
    'mission.sync': [
      { type: 'mission.sync', mission },
      { type: 'mission.sync', mission: { ...mission, state: 'added' } },
      { type: 'mission.sync', mission: { ...mission, state: 'claimable' } },
      { type: 'mission.sync', mission: { ...mission, state: 'claimed' } },
    ],
    'mission.add': [{ type: 'mission.add' }],
    'mission.check': [{ type: 'mission.check' }],
    'mission.claim': [{ type: 'mission.claim' }],
    'mission.retry': [{ type: 'mission.retry' }],
  },
  outcomes: {
    addMission: {
      done: [{ mission: { ...mission, state: 'added' }, remainingToday: 4 }],
      error: [
        {
          status: 403,
          message: 'Necesitas una cuenta de YouTube verificada para tomar esta misión',
          network: false,
        },
        {
          status: 429,
          message: 'Ya tomaste todas tus misiones de hoy. Vuelve mañana.',
          network: false,
        },
        sampleFailures.noAnswer,
      ],
    },
    checkMission: {
      done: [
        { mission: { ...mission, state: 'claimable' }, message: null, retryInSeconds: 0 },
        {
          mission: { ...mission, state: 'added' },
          message: 'Aún no vemos tu acción en YouTube. Vuelve a verificar en 6 segundos.',
          retryInSeconds: 6,
        },
      ],
      error: [
        {
          status: 403,
          message: 'Necesitas una cuenta de YouTube verificada para tomar esta misión',
          network: false,
        },
        sampleFailures.serverError,
      ],
    },
    claimMission: {
      done: [
        {
          mission: { id: mission.id, title: mission.title },
          reward: { kind: 'GEMS', amount: 10 },
          balances,
        },
      ],
      error: [sampleFailures.noAnswer],
    },
  },
})
