import type { MusicStatus } from '../../contract/music'
import { defineMachineEntry } from '../shared/machine-entry'
import { sampleFailures } from '../shared/sample-failures'
import { musicLinkMachine } from './music-link.machine'
import * as selectors from './music-link.selectors'

const unlinked: MusicStatus = {
  provider: 'local',
  simulated: true,
  link: { state: 'unlinked', email: null, accountName: null, linkedAt: null, lastSyncedAt: null },
  pendingPlays: 0,
  claimable: { plays: 0, reward: { currency: 'terycarbons', amount: 0 } },
  today: { earned: 0, cap: 60 },
  strikes: { count: 0, max: 3, unseen: false },
}

const emailSaved: MusicStatus = {
  ...unlinked,
  link: { ...unlinked.link, state: 'emailSaved', email: 'ana@musica.example' },
}

const linked: MusicStatus = {
  ...emailSaved,
  link: {
    ...emailSaved.link,
    state: 'linked',
    accountName: 'ana',
    linkedAt: '2026-11-21T15:00:00.000Z',
    lastSyncedAt: '2026-11-22T15:00:00.000Z',
  },
}

const withReward: MusicStatus = {
  ...linked,
  claimable: { plays: 14, reward: { currency: 'terycarbons', amount: 28 } },
  today: { earned: 28, cap: 60 },
}

const withStrike: MusicStatus = { ...linked, strikes: { count: 1, max: 3, unseen: true } }

/** The sections a player can meet, for tests of the page too. */
export const sampleMusic = { unlinked, emailSaved, linked, withReward, withStrike }

const balances = { terycarbons: 2528, gems: 340, voltaCharge: 120, terydollars: 25 }

export const musicLinkEntry = defineMachineEntry(musicLinkMachine, {
  selectors,
  // Drawn whole, it is three times the docs' width: one diagram per stage of the section, and the strike notice.
  diagramParts: {
    access: ['section.checkingAccess', 'section.failed', 'section.vpnWarning'],
    linking: ['section.unlinked', 'section.linking', 'section.redirecting'],
    // As one part, linked and syncing were 1,016 px wide (Mermaid 11), past the docs' 880.
    linked: ['section.linked'],
    'syncing: importing': ['section.syncing.importing', 'section.syncing.auditing'],
    'syncing: accumulating': ['section.syncing.accumulating'],
    claiming: ['section.claimable', 'section.claiming', 'section.claimed'],
    strike: ['strike'],
  },
  events: {
    'access.retry': [{ type: 'access.retry' }],
    'email.submit': [{ type: 'email.submit', email: 'ana@musica.example' }],
    'email.change': [{ type: 'email.change' }],
    'link.start': [{ type: 'link.start' }],
    'music.sync': [{ type: 'music.sync' }],
    'reward.claim': [{ type: 'reward.claim' }],
    'strike.acknowledge': [{ type: 'strike.acknowledge' }],
  },
  outcomes: {
    checkAccess: {
      done: [
        { allowed: true, reason: null, status: unlinked },
        { allowed: true, reason: null, status: emailSaved },
        { allowed: true, reason: null, status: linked },
        { allowed: true, reason: null, status: withReward },
        { allowed: false, reason: 'proxy', status: linked },
      ],
      error: [sampleFailures.noAnswer],
    },
    saveEmail: {
      done: [emailSaved],
      error: [
        {
          status: 409,
          message: 'Esa cuenta de música ya está vinculada a otro jugador',
          network: false,
        },
      ],
    },
    startLink: {
      done: [{ url: '/music/callback?code=local-1&state=abc' }],
      error: [sampleFailures.noAnswer],
    },
    syncPlays: {
      done: [{ imported: 16, status: linked }],
      error: [
        {
          status: 403,
          message: 'Desactiva tu VPN o proxy para usar la sección de música',
          network: false,
        },
        {
          status: 503,
          message: 'El servicio de música no respondió. Intenta de nuevo en unos minutos.',
          network: false,
        },
      ],
    },
    auditPlays: {
      done: [
        { accepted: 14, rejected: 2, strike: false, status: linked },
        { accepted: 0, rejected: 30, strike: true, status: withStrike },
      ],
      error: [sampleFailures.noAnswer],
    },
    accumulateReward: {
      done: [withReward, linked],
      error: [sampleFailures.noAnswer],
    },
    claimReward: {
      done: [{ reward: { currency: 'terycarbons', amount: 28 }, status: linked, balances }],
      error: [
        {
          status: 409,
          message: 'Tu recompensa cambió. Revisa el nuevo monto y vuelve a reclamar.',
          network: false,
        },
        {
          status: 403,
          message: 'Las recompensas de música están suspendidas por reproducciones irregulares',
          network: false,
        },
        sampleFailures.noAnswer,
      ],
    },
    acknowledgeStrike: {
      done: [linked],
      error: [sampleFailures.noAnswer],
    },
  },
})
