import type {
  Mission,
  Notification,
  Playlist,
  SocialAccount,
  VideoMission,
} from '../../contract/missions'
import { missionTileMachine } from '../../machines/mission-tile/mission-tile.machine'
import { notificationsMachine } from '../../machines/notifications/notifications.machine'
import { referralEarningsMachine } from '../../machines/referral-earnings/referral-earnings.machine'
import { voltaChargeMachine } from '../../machines/volta-charge/volta-charge.machine'
import { socialAccountMachine } from '../../machines/social-account/social-account.machine'
import { videoMissionMachine } from '../../machines/video-mission/video-mission.machine'
import {
  availableMissionsMachine,
  missionAccessMachine,
  notificationListMachine,
} from '../../src/pages/missions/missions.actors'
import {
  currentMissionsMachine,
  lobbySummaryMachine,
} from '../../src/pages/missions-lobby/missions-lobby.actors'
import { gameListMachine } from '../../src/pages/play/play.actors'
import { playlistListMachine } from '../../src/pages/playlists/playlists.actors'
import { videoListMachine } from '../../src/pages/videos/videos.actors'
import { sampleMission } from '../../machines/mission-tile/mission-tile.samples'
import { fakeActors, type FakeFunctions } from './fake-actors'

export const balances = { terycarbons: 2500, gems: 380, voltaCharge: 120, terydollars: 25 }

export const mission = sampleMission

export const verifiedAccount: SocialAccount = {
  id: 'cuenta-1',
  type: 2,
  account: '@jugadordemo',
  state: 3,
  rejectionReason: null,
  createdAt: '2026-11-23T15:00:00.000Z',
}

export const video: VideoMission = {
  id: 'video-1',
  title: 'La mina en cinco segundos',
  description: 'Cómo tu estación convierte terycarbonos en gemas.',
  src: '/media/tery-mina.webm',
  durationSeconds: 5,
  reward: { kind: 'TERYCARBONS', amount: 20 },
  playlistId: null,
  volta: 0,
  status: 'available',
  secondsUntilEnabled: null,
  enabledAt: null,
}

export const playlist: Playlist = {
  id: 'lista-1',
  title: 'Aprende a minar',
  description: 'Tres videos cortos para empezar con buen pie.',
  reward: { kind: 'GEMS', amount: 40 },
  volta: 5,
  videos: [
    { ...video, id: 'video-2', title: 'Tu primera estación', playlistId: 'lista-1', volta: 5 },
  ],
  finishedVideos: 0,
  state: 'inProgress',
}

export const notification: Notification = {
  id: '7',
  message: 'Tu cuenta de YouTube @jugadordemo fue verificada. Ya puedes tomar sus misiones.',
  createdAt: '2026-11-23T20:45:00.000Z',
  viewed: false,
}

const onePage = { totalPages: 1, totalDocs: 1, limt: 6, page: 1 }

/** The /missions page, answering as a player with a verified YouTube account and one mission. */
export function missionsPageFakes(
  overrides: {
    tile?: Partial<FakeFunctions<typeof missionTileMachine>>
    account?: Partial<FakeFunctions<typeof socialAccountMachine>>
    missions?: Mission[]
    allowed?: boolean
  } = {},
) {
  const missions = overrides.missions ?? [mission]
  const tile = fakeActors(
    missionTileMachine,
    {
      addMission: async () => ({
        mission: { ...mission, state: 'added' as const },
        remainingToday: 4,
      }),
      checkMission: async () => ({
        mission: { ...mission, state: 'claimable' as const },
        message: null,
        retryInSeconds: 0,
      }),
      claimMission: async () => ({
        mission: { id: mission.id, title: mission.title },
        reward: mission.reward,
        balances: { ...balances, gems: balances.gems + 10 },
      }),
    },
    overrides.tile,
  )
  const account = fakeActors(
    socialAccountMachine,
    {
      loadAccount: async ({ type }) => (type === 2 ? verifiedAccount : null),
      registerAccount: async ({ type, account: handle }) => ({
        ...verifiedAccount,
        type,
        account: handle,
        state: 2 as const,
      }),
    },
    overrides.account,
  )
  const list = [
    fakeActors(missionAccessMachine, {
      load: async () => ({
        data:
          overrides.allowed === false
            ? {
                allowed: false,
                message:
                  'Este dispositivo ya se usa con demasiadas cuentas de Tery. Las misiones y los videos solo se pueden hacer desde tu propio dispositivo.',
              }
            : { allowed: true, message: null },
      }),
    }),
    fakeActors(availableMissionsMachine, {
      load: async () => ({
        data: missions,
        pagination: { ...onePage, totalDocs: missions.length, totalPages: missions.length ? 1 : 0 },
      }),
    }),
    fakeActors(notificationsMachine, {
      countNew: async () => ({ count: 1 }),
      markAllViewed: async () => ({ count: 0 }),
      markViewed: async () => ({ count: 0 }),
    }),
    fakeActors(notificationListMachine, {
      load: async () => ({ data: [notification], pagination: onePage }),
    }),
  ]
  return {
    tile,
    account,
    overrides: [tile.overrides, account.overrides, ...list.map((fake) => fake.overrides)],
  }
}

/** /play with the game list of one video and one playlist; the player's own fakes. */
export function playPageFakes(overrides: Partial<FakeFunctions<typeof videoMissionMachine>> = {}) {
  const player = fakeActors(
    videoMissionMachine,
    {
      checkVideo: async () => ({ video, view: null }),
      playVideo: async () => ({
        missionVideoViewId: 'vista-1',
        keyToClaim: 'k'.repeat(43),
        secondsLeft: 5,
      }),
      restartVideo: async () => ({
        missionVideoViewId: 'vista-1',
        keyToClaim: 'n'.repeat(43),
        secondsLeft: 5,
      }),
      finishVideo: async () => ({
        video: { ...video, status: 'finished' as const },
        reward: video.reward,
        volta: 0,
        playlist: null,
        balances: { ...balances, terycarbons: balances.terycarbons + 20 },
      }),
    },
    overrides,
  )
  const games = fakeActors(gameListMachine, {
    load: async () => ({ data: { videos: [video], playlists: [playlist] } }),
  })
  return { player, games, overrides: [player.overrides, games.overrides] }
}

/** The lobby's plain lists and numbers, and the referral earnings. */
export function lobbyFakes() {
  return [
    fakeActors(lobbySummaryMachine, {
      load: async () => ({
        data: {
          daily: { maxMissionsPerDay: 5, takenToday: 2, remaining: 3 },
          amount: { videos: 3, playList: 2 },
          notifications: { count: 4 },
        },
      }),
    }).overrides,
    fakeActors(currentMissionsMachine, {
      load: async () => ({ data: [{ ...mission, state: 'added' as const }], pagination: onePage }),
    }).overrides,
    fakeActors(referralEarningsMachine, {
      loadReward: async () => ({
        amount: 2,
        entries: [
          {
            label: 'Valentina Gómez completó «Suscríbete al canal de Tery»',
            amount: 2,
            createdAt: '2026-11-23T15:00:00.000Z',
          },
        ],
      }),
      claimReward: async () => ({ claimed: 2, balances: { ...balances, gems: balances.gems + 2 } }),
    }).overrides,
  ]
}

export const videoListFakes = () =>
  fakeActors(videoListMachine, { load: async () => ({ data: [video], pagination: onePage }) })

export const playlistListFakes = () =>
  fakeActors(playlistListMachine, { load: async () => ({ data: [playlist], pagination: onePage }) })

export const voltaFakes = (
  amount = 10,
  overrides: Partial<FakeFunctions<typeof voltaChargeMachine>> = {},
) =>
  fakeActors(
    voltaChargeMachine,
    {
      loadReward: async () => ({
        amount,
        entries: [
          {
            label: '«Tu primera estación», de la lista «Aprende a minar»',
            amount,
            createdAt: '2026-11-23T15:00:00.000Z',
          },
        ],
      }),
      claimReward: async () => ({
        claimed: amount,
        balances: { ...balances, voltaCharge: balances.voltaCharge + amount },
      }),
    },
    overrides,
  )
