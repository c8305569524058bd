import { assertEvent, assign, emit, fromPromise, setup } from 'xstate'
import { emitEvent } from '../shared/emit-event'
import { metaTypes, moneyMarks } from '../shared/meta'
import { notProvided } from '../shared/not-provided'
import { withFailure } from '../shared/request-failure'
import type { RequestFailure } from '../shared/request-failure'
import type { CurrencyAmount } from '../../contract/currencies'
import type {
  AccessRefusal,
  ClaimMusicRewardResult,
  MusicAccess,
  MusicAuditResult,
  MusicLogin,
  MusicStatus,
  MusicSyncResult,
} from '../../contract/music'
import type { Balances } from '../../contract/user'

/** What the last sync found: new plays, and what the audit made of them. */
export type SyncSummary = { imported: number; accepted: number; rejected: number }

export type MusicLinkContext = {
  status: MusicStatus | null
  refusal: AccessRefusal | null
  lastSync: SyncSummary | null
  claimed: CurrencyAmount | null
  error: string | null
}

export type MusicLinkEvent =
  | { type: 'access.retry' }
  | { type: 'email.submit'; email: string }
  | { type: 'email.change' }
  | { type: 'link.start' }
  | { type: 'music.sync' }
  | { type: 'reward.claim' }
  | { type: 'strike.acknowledge' }

export type MusicLinkEmitted =
  /** The browser goes to the provider to authorize (or straight back, on the local provider). */
  | { type: 'music.redirect'; url: string }
  | { type: 'toast.show'; message: string }
  | { type: 'balances.changed'; balances: Balances }
  /** Plays changed state (synced, audited, claimed): the list of recent plays is stale. */
  | { type: 'plays.changed' }

const hasClaimable = (status: MusicStatus | null) => (status?.claimable.reward.amount ?? 0) > 0

export const musicLinkMachine = setup({
  types: {
    context: {} as MusicLinkContext,
    events: {} as MusicLinkEvent,
    emitted: {} as MusicLinkEmitted,
    ...metaTypes,
  },
  actors: {
    checkAccess: fromPromise<MusicAccess>(async () => notProvided('checkAccess')),
    saveEmail: fromPromise<MusicStatus, { email: string }>(async () => notProvided('saveEmail')),
    startLink: fromPromise<MusicLogin>(async () => notProvided('startLink')),
    syncPlays: fromPromise<MusicSyncResult>(async () => notProvided('syncPlays')),
    auditPlays: fromPromise<MusicAuditResult>(async () => notProvided('auditPlays')),
    accumulateReward: fromPromise<MusicStatus>(async () => notProvided('accumulateReward')),
    claimReward: fromPromise<ClaimMusicRewardResult, { amount: number }>(async () =>
      notProvided('claimReward'),
    ),
    acknowledgeStrike: fromPromise<MusicStatus>(async () => notProvided('acknowledgeStrike')),
  },
  guards: {
    isRefused: (_, params: MusicAccess) => !params.allowed,
    isLinkedWithReward: (_, params: MusicStatus) =>
      params.link.state === 'linked' && hasClaimable(params),
    isLinked: (_, params: MusicStatus) => params.link.state === 'linked',
    hasEmail: (_, params: MusicStatus) => params.link.state === 'emailSaved',
    hasReward: (_, params: MusicStatus) => hasClaimable(params),
    hasUnseenStrike: ({ context }) => context.status?.strikes.unseen === true,
    isForbidden: (_, params: RequestFailure) => params.status === 403,
    isConflict: (_, params: RequestFailure) => params.status === 409,
  },
  actions: {
    setAccess: assign((_, params: MusicAccess) => ({
      status: params.status,
      refusal: params.reason,
      error: null,
    })),
    setStatus: assign((_, params: MusicStatus) => ({ status: params, error: null })),
    startSync: assign({ lastSync: null, claimed: null, error: null }),
    setSynced: assign((_, params: MusicSyncResult) => ({
      status: params.status,
      lastSync: { imported: params.imported, accepted: 0, rejected: 0 },
    })),
    setAudited: assign(({ context }, params: MusicAuditResult) => ({
      status: params.status,
      lastSync: {
        imported: context.lastSync?.imported ?? 0,
        accepted: params.accepted,
        rejected: params.rejected,
      },
    })),
    setClaimed: assign((_, params: ClaimMusicRewardResult) => ({
      status: params.status,
      claimed: params.reward,
      error: null,
    })),
    setError: assign((_, params: RequestFailure) => ({ error: params.message })),
    clearError: assign({ error: null }),
    notifyPlays: emit({ type: 'plays.changed' } as const),
    redirect: emitEvent('music.redirect', (_, params: MusicLogin) => ({ url: params.url })),
    toast: emitEvent('toast.show', (_, params: { message: string }) => ({
      message: params.message,
    })),
    updateBalances: emitEvent('balances.changed', (_, params: { balances: Balances }) => ({
      balances: params.balances,
    })),
  },
}).createMachine({
  id: 'music-link',
  description:
    'The music section: access is checked first (a VPN or a shared device gets the warning); the player registers the email of their music account and links it; then they sync their listening, which the server audits into a reward they claim. A strike for irregular listening is shown until read.',
  type: 'parallel',
  context: { status: null, refusal: null, lastSync: null, claimed: null, error: null },
  states: {
    section: {
      description: 'Where the player is in linking, syncing and claiming.',
      initial: 'checkingAccess',
      states: {
        checkingAccess: {
          description: 'Asking whether this device may use the section, and how it stands.',
          invoke: {
            id: 'checkAccess',
            src: 'checkAccess',
            onDone: [
              {
                guard: { type: 'isRefused', params: ({ event }) => event.output },
                target: 'vpnWarning',
                actions: { type: 'setAccess', params: ({ event }) => event.output },
                description: 'The device may not use the section: the VPN warning shows why.',
                meta: { requirements: ['REQ-MUSIC-5'] },
              },
              {
                guard: { type: 'isLinkedWithReward', params: ({ event }) => event.output.status },
                target: 'claimable',
                actions: { type: 'setAccess', params: ({ event }) => event.output },
                description: 'The account is linked and a reward is waiting.',
                meta: { requirements: ['REQ-MUSIC-3'] },
              },
              {
                guard: { type: 'isLinked', params: ({ event }) => event.output.status },
                target: 'linked',
                actions: { type: 'setAccess', params: ({ event }) => event.output },
                description: 'The account is linked.',
              },
              {
                guard: { type: 'hasEmail', params: ({ event }) => event.output.status },
                target: 'unlinked.ready',
                actions: { type: 'setAccess', params: ({ event }) => event.output },
                description: 'The email is registered; the account is not linked yet.',
              },
              {
                target: 'unlinked',
                actions: { type: 'setAccess', params: ({ event }) => event.output },
                description: 'Nothing is linked yet: the tutorial and the email form show.',
                meta: { requirements: ['REQ-MUSIC-1'] },
              },
            ],
            onError: {
              target: 'failed',
              actions: withFailure('setError'),
              description: 'The section could not be loaded.',
            },
          },
        },
        failed: {
          description: 'The section could not be loaded; the message and a retry are shown.',
          on: {
            'access.retry': { target: 'checkingAccess', description: 'The player tries again.' },
          },
        },
        vpnWarning: {
          description:
            'This device may not use the section (a VPN or proxy, a device of another player, or suspended rewards).',
          on: {
            'access.retry': {
              target: 'checkingAccess',
              description: 'The player turned the VPN off and tries again.',
              meta: { requirements: ['REQ-MUSIC-5'] },
            },
          },
        },
        unlinked: {
          description: 'No account is linked yet.',
          initial: 'email',
          states: {
            email: {
              description: 'The player types the email of their music account.',
              on: {
                'email.submit': {
                  target: 'savingEmail',
                  actions: 'clearError',
                  description: 'The player saves the email.',
                  meta: { requirements: ['REQ-MUSIC-1'] },
                },
              },
            },
            savingEmail: {
              description: 'Registering the email.',
              invoke: {
                id: 'saveEmail',
                src: 'saveEmail',
                input: ({ event }) => {
                  assertEvent(event, 'email.submit')
                  return { email: event.email }
                },
                onDone: {
                  target: 'ready',
                  actions: { type: 'setStatus', params: ({ event }) => event.output },
                  description: 'The email is registered: the account can be linked.',
                  meta: { requirements: ['REQ-MUSIC-1'] },
                },
                onError: {
                  target: 'email',
                  actions: withFailure('setError'),
                  description: 'The email was refused (taken by another player, not valid).',
                },
              },
            },
            ready: {
              description: 'The email is registered: VINCULAR opens the provider to authorize.',
              on: {
                'link.start': {
                  target: '#music-link.section.linking',
                  actions: 'clearError',
                  description: 'The player presses VINCULAR.',
                  meta: { requirements: ['REQ-MUSIC-1'] },
                },
                'email.change': {
                  target: 'email',
                  description: 'The player wants to use another email.',
                },
              },
            },
          },
        },
        linking: {
          description: 'Asking where to authorize the account.',
          invoke: {
            id: 'startLink',
            src: 'startLink',
            onDone: {
              target: 'redirecting',
              actions: { type: 'redirect', params: ({ event }) => event.output },
              description: 'The browser goes to the provider; /music/callback finishes linking.',
              meta: { requirements: ['REQ-MUSIC-1'] },
            },
            onError: {
              target: 'unlinked.ready',
              actions: withFailure('setError'),
              description: 'Linking could not start.',
            },
          },
        },
        redirecting: {
          description: 'The browser is leaving for the provider.',
        },
        linked: {
          description: 'The account is linked: SINCRONIZAR brings the latest listening in.',
          on: {
            'music.sync': {
              target: 'syncing',
              actions: 'startSync',
              description: 'The player presses SINCRONIZAR.',
              meta: { requirements: ['REQ-MUSIC-2'] },
            },
          },
        },
        syncing: {
          description:
            'Syncing: the plays come in from the provider, the server audits them, and the accepted ones become the reward.',
          initial: 'importing',
          states: {
            importing: {
              description: 'Bringing the latest plays from the provider.',
              invoke: {
                id: 'syncPlays',
                src: 'syncPlays',
                onDone: {
                  target: 'auditing',
                  actions: { type: 'setSynced', params: ({ event }) => event.output },
                  description: 'The plays are in.',
                  meta: { requirements: ['REQ-MUSIC-2'] },
                },
                onError: [
                  {
                    guard: withFailure('isForbidden'),
                    target: '#music-link.section.checkingAccess',
                    description: 'The server refused this device: check access again.',
                    meta: { requirements: ['REQ-MUSIC-5'] },
                  },
                  {
                    target: '#music-link.section.linked',
                    actions: withFailure('setError'),
                    description: 'The provider or the server failed; the message shows.',
                  },
                ],
              },
            },
            auditing: {
              description: 'The server checks every new play against the listening rules.',
              invoke: {
                id: 'auditPlays',
                src: 'auditPlays',
                onDone: {
                  target: 'accumulating',
                  actions: { type: 'setAudited', params: ({ event }) => event.output },
                  description: 'Each play is accepted or rejected.',
                  meta: { requirements: ['REQ-MUSIC-2', 'REQ-MUSIC-6'] },
                },
                onError: {
                  target: '#music-link.section.linked',
                  actions: withFailure('setError'),
                  description: 'The audit failed; the message shows.',
                },
              },
            },
            accumulating: {
              description: 'The accepted plays become the reward, up to the daily cap.',
              invoke: {
                id: 'accumulateReward',
                src: 'accumulateReward',
                onDone: [
                  {
                    guard: { type: 'hasReward', params: ({ event }) => event.output },
                    target: '#music-link.section.claimable',
                    actions: [
                      { type: 'setStatus', params: ({ event }) => event.output },
                      'notifyPlays',
                    ],
                    description: 'A reward is waiting.',
                    meta: { requirements: ['REQ-MUSIC-3'] },
                  },
                  {
                    target: '#music-link.section.linked',
                    actions: [
                      { type: 'setStatus', params: ({ event }) => event.output },
                      'notifyPlays',
                    ],
                    description: 'Nothing to claim yet.',
                  },
                ],
                onError: {
                  target: '#music-link.section.linked',
                  actions: withFailure('setError'),
                  description: 'The reward could not be updated; the message shows.',
                },
              },
            },
          },
        },
        claimable: {
          description: 'The accumulated reward is shown with RECLAMAR.',
          on: {
            'reward.claim': {
              target: 'claiming',
              actions: 'clearError',
              description: 'The player presses RECLAMAR.',
              meta: { requirements: ['REQ-MUSIC-4'] },
            },
            'music.sync': {
              target: 'syncing',
              actions: 'startSync',
              description: 'The player syncs again first.',
              meta: { requirements: ['REQ-MUSIC-2'] },
            },
          },
        },
        claiming: {
          description: 'Claiming the reward.',
          invoke: {
            id: 'claimReward',
            src: 'claimReward',
            input: ({ context }) => ({ amount: context.status?.claimable.reward.amount ?? 0 }),
            onDone: {
              target: 'claimed',
              actions: [
                { type: 'setClaimed', params: ({ event }) => event.output },
                { type: 'updateBalances', params: ({ event }) => event.output },
                'notifyPlays',
              ],
              description: 'The reward is paid; the header shows the new balance.',
              meta: {
                requirements: ['REQ-MUSIC-4'],
                money: moneyMarks('POST /api/spotify/claimReward', { in: ['terycarbons'] }),
              },
            },
            onError: [
              {
                guard: withFailure('isConflict'),
                target: 'syncing',
                actions: ['startSync', withFailure('toast')],
                description: 'The reward changed meanwhile: say so and bring it up to date.',
              },
              {
                guard: withFailure('isForbidden'),
                target: 'checkingAccess',
                description: 'The server refused this device: check access again.',
              },
              {
                target: 'claimable',
                actions: withFailure('setError'),
                description: 'The claim failed (no answer); nothing was paid.',
              },
            ],
          },
        },
        claimed: {
          description: 'The reward was paid: what it was, and SINCRONIZAR for more.',
          on: {
            'music.sync': {
              target: 'syncing',
              actions: 'startSync',
              description: 'The player syncs again.',
              meta: { requirements: ['REQ-MUSIC-2'] },
            },
          },
        },
      },
    },
    strike: {
      description: 'The strike notice: shown when irregular listening earned a strike, until read.',
      initial: 'hidden',
      states: {
        hidden: {
          description: 'No unread strike.',
          always: {
            guard: 'hasUnseenStrike',
            target: 'shown',
            description: 'A strike the player has not read yet: show the notice.',
            meta: { requirements: ['REQ-MUSIC-6'] },
          },
        },
        shown: {
          description: 'The notice explains the strike and how many are left before suspension.',
          on: {
            'strike.acknowledge': {
              target: 'acknowledging',
              description: 'The player presses ENTENDIDO.',
              meta: { requirements: ['REQ-MUSIC-6'] },
            },
          },
        },
        acknowledging: {
          description: 'Recording that the player read it.',
          invoke: {
            id: 'acknowledgeStrike',
            src: 'acknowledgeStrike',
            onDone: {
              target: 'hidden',
              actions: { type: 'setStatus', params: ({ event }) => event.output },
              description: 'Read: the notice goes away.',
            },
            onError: {
              target: 'shown',
              description: 'It could not be recorded: the notice stays.',
            },
          },
        },
      },
    },
  },
})
