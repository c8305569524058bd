import type { SocialNetworkType } from '../../../contract/missions'
import type { UserRow } from '../../services/auth'
import { startOfBogotaDay } from '../../services/bogota-time'
import { DomainError } from '../../services/errors'
import { addMission, checkMission, claimMission } from '../../services/missions'
import { reviewAccount, registerAccount } from '../../services/social-accounts'
import { localSocialProvider } from '../../services/social-provider'
import { finishVideo, playVideo } from '../../services/videos'
import type { Db } from '../client'
import { missions } from '../schema'
import { backdateNotifications, lastNotification } from './notifications'
import type { DemoWorld } from './players'
import { missionMessages } from '../../../contract/missions'

type SocialSeed = { title: string; description: string; link: string; reward: number }

const SOCIAL_MISSIONS: Record<SocialNetworkType, SocialSeed[]> = {
  2: [
    {
      title: 'Suscríbete al canal de Tery',
      description: 'Entra al canal y pulsa «Suscribirse».',
      link: 'https://www.youtube.com/@terygame',
      reward: 10,
    },
    {
      title: 'Dale me gusta a «Cómo minar terycarbonos»',
      description: 'Mira el video y dale me gusta.',
      link: 'https://www.youtube.com/@terygame/videos',
      reward: 6,
    },
    {
      title: 'Comenta cuál es tu estación favorita',
      description: 'Deja un comentario en el último video del canal.',
      link: 'https://www.youtube.com/@terygame/videos',
      reward: 8,
    },
    {
      title: 'Activa la campanita del canal',
      description: 'Así te enteras primero de las misiones nuevas.',
      link: 'https://www.youtube.com/@terygame',
      reward: 5,
    },
    {
      title: 'Mira el directo del viernes',
      description: 'Acompáñanos en el directo semanal del canal.',
      link: 'https://www.youtube.com/@terygame/streams',
      reward: 8,
    },
    {
      title: 'Comparte el video de bienvenida',
      description: 'Compártelo con alguien que quieras invitar a tu equipo.',
      link: 'https://www.youtube.com/@terygame/videos',
      reward: 6,
    },
    {
      title: 'Guarda la lista «Aprende a minar»',
      description: 'Guárdala en tu biblioteca de YouTube.',
      link: 'https://www.youtube.com/@terygame/playlists',
      reward: 5,
    },
  ],
  3: [
    {
      title: 'Sigue a @terygame en Instagram',
      description: 'Entra al perfil y pulsa «Seguir».',
      link: 'https://www.instagram.com/terygame',
      reward: 10,
    },
    {
      title: 'Dale me gusta a la publicación del sorteo',
      description: 'Es la publicación fijada del perfil.',
      link: 'https://www.instagram.com/terygame',
      reward: 6,
    },
    {
      title: 'Comparte nuestra historia del día',
      description: 'Compártela en tus historias.',
      link: 'https://www.instagram.com/terygame',
      reward: 8,
    },
  ],
  4: [
    {
      title: 'Sigue la página de Tery',
      description: 'Entra a la página y pulsa «Seguir».',
      link: 'https://www.facebook.com/terygame',
      reward: 10,
    },
    {
      title: 'Reacciona a la publicación de la semana',
      description: 'Cualquier reacción cuenta.',
      link: 'https://www.facebook.com/terygame',
      reward: 6,
    },
  ],
  5: [
    {
      title: 'Sigue a @terygame en TikTok',
      description: 'Entra al perfil y pulsa «Seguir».',
      link: 'https://www.tiktok.com/@terygame',
      reward: 10,
    },
    {
      title: 'Dale me gusta al video del equipo',
      description: 'Es el video más reciente del perfil.',
      link: 'https://www.tiktok.com/@terygame',
      reward: 6,
    },
  ],
}

/** The short clips under public/media (WebM, a few seconds each), and their lengths. */
const CLIPS = {
  mine: { src: '/media/tery-mina.webm', seconds: 5 },
  team: { src: '/media/tery-equipo.webm', seconds: 6 },
  gems: { src: '/media/tery-gemas.webm', seconds: 8 },
} as const

type VideoSeed = { title: string; description: string; clip: keyof typeof CLIPS; reward: number }

const VIDEOS: VideoSeed[] = [
  {
    title: 'La mina en cinco segundos',
    description: 'Cómo tu estación convierte terycarbonos en gemas.',
    clip: 'mine',
    reward: 20,
  },
  {
    title: 'Tu equipo crece',
    description: 'Por qué cada referido suma a tu rango.',
    clip: 'team',
    reward: 25,
  },
  {
    title: 'Gemas y carga volta',
    description: 'Qué hacer con lo que ganas cada día.',
    clip: 'gems',
    reward: 30,
  },
  {
    title: 'Repaso: la mina',
    description: 'El resumen de la mina, otra vez.',
    clip: 'mine',
    reward: 15,
  },
]

type PlaylistSeed = {
  title: string
  description: string
  reward: number
  volta: number
  videos: VideoSeed[]
}

const PLAYLISTS: PlaylistSeed[] = [
  {
    title: 'Aprende a minar',
    description: 'Tres videos cortos para empezar con buen pie.',
    reward: 40,
    volta: 5,
    videos: [
      {
        title: 'Tu primera estación',
        description: 'Dónde empieza todo.',
        clip: 'mine',
        reward: 10,
      },
      {
        title: 'Tu equipo de minería',
        description: 'Nueve estaciones, un equipo.',
        clip: 'team',
        reward: 10,
      },
      { title: 'Funde tus gemas', description: 'De la mina al banco.', clip: 'gems', reward: 10 },
    ],
  },
  {
    title: 'Arma tu equipo',
    description: 'Invita, organiza y sube de rango.',
    reward: 30,
    volta: 4,
    videos: [
      {
        title: 'Invita con tu código',
        description: 'Tu código, tu equipo.',
        clip: 'team',
        reward: 10,
      },
      { title: 'Sube de rango', description: 'De Bronce a Platino.', clip: 'gems', reward: 10 },
    ],
  },
]

/** Inserts the missions everyone is offered; answers their ids by title. */
async function seedCatalogue(db: Db): Promise<Map<string, string>> {
  const ids = new Map<string, string>()
  const insert = async (values: typeof missions.$inferInsert) => {
    const [row] = await db.insert(missions).values(values).returning({ id: missions.id })
    if (!row) throw new Error(`Mission ${values.title} was not written`)
    ids.set(values.title, row.id)
    return row.id
  }
  for (const [network, list] of Object.entries(SOCIAL_MISSIONS)) {
    for (const [position, mission] of list.entries()) {
      await insert({ type: 'social', network: Number(network), position, ...mission })
    }
  }
  for (const [position, video] of VIDEOS.entries()) {
    const clip = CLIPS[video.clip]
    await insert({
      type: 'video',
      title: video.title,
      description: video.description,
      videoSrc: clip.src,
      durationSeconds: clip.seconds,
      reward: video.reward,
      position,
    })
  }
  for (const [position, list] of PLAYLISTS.entries()) {
    const playlistId = await insert({
      type: 'playlist',
      title: list.title,
      description: list.description,
      reward: list.reward,
      volta: list.volta,
      position,
    })
    for (const [index, video] of list.videos.entries()) {
      const clip = CLIPS[video.clip]
      await insert({
        type: 'video',
        title: video.title,
        description: video.description,
        videoSrc: clip.src,
        durationSeconds: clip.seconds,
        reward: video.reward,
        playlistId,
        position: index,
      })
    }
  }
  return ids
}

/** Each seeded player plays from a phone of their own (a device admits few players). */
const deviceOf = (player: UserRow) => `semilla-${player.code.toLowerCase()}`
const DAY_MS = 24 * 60 * 60_000
const minutesAgo = (now: Date, minutes: number) => new Date(now.getTime() - minutes * 60_000)

/** How far back the demo player's day of play reaches, in minutes: the first claim. */
const DAY_OF_PLAY_MINUTES = 180
/** How long after taking a mission the seed checks and claims it (missionCheckSeconds or more). */
const CHECK_AFTER_MS = 60_000

/**
 * A moment of the demo player's day of play, `minutes` before `now` and today in Bogota: claimed
 * missions, watched videos and their daily counts are today's. Seeded less than three hours after
 * midnight, the day is compressed, in order, between midnight and a minute before `now` (a check
 * comes a minute after its mission).
 */
export function earlierToday(now: Date, minutes: number): Date {
  const dayOfPlay = DAY_OF_PLAY_MINUTES * 60_000
  const sinceMidnight = now.getTime() - startOfBogotaDay(now).getTime()
  if (sinceMidnight >= dayOfPlay + CHECK_AFTER_MS) return minutesAgo(now, minutes)
  const scale = Math.max(0, sinceMidnight - CHECK_AFTER_MS) / dayOfPlay
  return new Date(now.getTime() - CHECK_AFTER_MS - minutes * 60_000 * scale)
}

/** A social mission taken, checked and claimed through the services, as a player would. */
async function completeMission(db: Db, player: UserRow, missionId: string, at: Date) {
  await addMission(db, player, { missionId, deviceId: deviceOf(player) }, at)
  const later = new Date(at.getTime() + CHECK_AFTER_MS)
  await checkMission(db, player.id, missionId, later, localSocialProvider)
  await claimMission(db, player, missionId, later)
}

/** A video played and finished after its whole length, through the services. */
async function watchVideo(db: Db, player: UserRow, missionId: string, at: Date) {
  const view = await playVideo(db, player.id, missionId, deviceOf(player), at)
  const later = new Date(at.getTime() + (view.secondsLeft + 1) * 1000)
  await finishVideo(db, player, view.missionVideoViewId, view.keyToClaim, later)
}

async function verifiedAccount(
  db: Db,
  player: UserRow,
  type: SocialNetworkType,
  account: string,
  at: Date,
) {
  const created = await registerAccount(
    db,
    player.id,
    { type, account },
    { now: at, autoVerifyAfterMs: null },
  )
  await reviewAccount(db, created.id, { verdict: 'verify' }, at)
}

/**
 * The members of the demo player's team who have played, each a video finished the day after
 * joining: that first play counts them as qualified in their sponsors' teams (what ranks read:
 * seedRanks) and pays their sponsor the referral gems. The others signed up and never played, so
 * /team lists them and ranks do not count them. 22 of the 37 played, the three direct referrals
 * among them: the demo player holds Bronce III (15 qualified, 3 direct) and is far from Plata I.
 * Every miner (seed/mining.ts) played; so did the E2E players, whose lottery entry, music account
 * and lessons a finished video leaves as a new player's. Mariana Torres, who has not accepted the
 * terms, never played.
 */
const PLAYED: readonly string[] = [
  'valentina.gomez',
  'santiago.rodriguez',
  'isabella.martinez',
  'mateo.hernandez',
  'luciana.vargas',
  'emiliano.castano',
  'renata.ospina',
  'samuel.lopez',
  'tomas.ramirez',
  'daniel.jimenez',
  'sebastian.ruiz',
  'camila.alvarez',
  'nicolas.romero',
  'salome.suarez',
  'martin.ortiz',
  'mariangel.londono',
  'simon.zapata',
  'alejandro.mendoza',
  'juliana.herrera',
  'felipe.medina',
  'manuela.aguilar',
  'andres.castillo',
].map((name) => `${name}@tery.example`)

/** A member's first play, a finished video; what it tells them and their sponsor is dated then. */
async function firstPlay(db: Db, member: UserRow, videoId: string) {
  const at = new Date(member.createdAt.getTime() + DAY_MS)
  const told = member.parentId ? [member.id, member.parentId] : [member.id]
  const before = await Promise.all(told.map((userId) => lastNotification(db, userId)))
  await watchVideo(db, member, videoId, at)
  for (const [index, userId] of told.entries()) {
    await backdateNotifications(db, userId, before[index] ?? 0, at)
  }
}

/**
 * The earning screens, alive for the demo player: missions on every network (YouTube's two pages
 * long), short videos and two playlists; a verified YouTube account, a pending Instagram one and a
 * rejected Facebook one; missions claimed, claimable and taken; videos finished, one disabled for
 * a while; volta charge and referral earnings waiting; the notifications all of it sent. Everything
 * goes through the services, so every reward is a ledger transfer.
 */
export async function seedMissions(
  db: Db,
  { demo, team, keyboard }: DemoWorld,
  now: Date,
): Promise<void> {
  const ids = await seedCatalogue(db)
  const id = (title: string) => {
    const found = ids.get(title)
    if (!found) throw new Error(`No seeded mission titled ${title}`)
    return found
  }
  const youtube = SOCIAL_MISSIONS[2].map((mission) => id(mission.title))

  const players = team.filter((member) => PLAYED.includes(member.email))
  if (players.length !== PLAYED.length) throw new Error('A player of PLAYED was not seeded')
  for (const member of players) await firstPlay(db, member, id('La mina en cinco segundos'))

  await verifiedAccount(db, demo, 2, '@jugadordemo', minutesAgo(now, 48 * 60))
  await registerAccount(
    db,
    demo.id,
    { type: 3, account: '@jugador.demo' },
    { now, autoVerifyAfterMs: null },
  )
  const facebook = await registerAccount(
    db,
    demo.id,
    { type: 4, account: 'https://www.facebook.com/jugador.demo' },
    { now: minutesAgo(now, 120), autoVerifyAfterMs: null },
  )
  await reviewAccount(
    db,
    facebook.id,
    { verdict: 'reject', reason: 'El perfil no es público: no podemos ver tus acciones.' },
    minutesAgo(now, 90),
  )

  const [first, second, third] = youtube
  if (!first || !second || !third) throw new Error('YouTube missions were not seeded')
  await completeMission(db, demo, first, earlierToday(now, DAY_OF_PLAY_MINUTES))
  const secondAt = earlierToday(now, 60)
  await addMission(db, demo, { missionId: second, deviceId: deviceOf(demo) }, secondAt)
  const checkedAt = new Date(secondAt.getTime() + CHECK_AFTER_MS)
  await checkMission(db, demo.id, second, checkedAt, localSocialProvider)
  await addMission(db, demo, { missionId: third, deviceId: deviceOf(demo) }, earlierToday(now, 30))

  await watchVideo(db, demo, id('Repaso: la mina'), earlierToday(now, 45))
  await watchVideo(db, demo, id('Tu primera estación'), earlierToday(now, 40))
  // Asked to finish «Gemas y carga volta» too early: disabled for a while, counting down.
  const early = await playVideo(db, demo.id, id('Gemas y carga volta'), deviceOf(demo), now)
  await finishVideo(db, demo, early.missionVideoViewId, early.keyToClaim, now).then(
    () => {
      throw new Error('An early finish was paid')
    },
    (error: unknown) => {
      if (!(error instanceof DomainError && error.message === missionMessages.videoTooEarly))
        throw error
    },
  )

  // A direct referral completes a mission: the demo player's referral share waits for them.
  const [valentina] = team.filter((player) => player.parentId === demo.id)
  if (valentina) {
    await verifiedAccount(db, valentina, 2, '@valentinagomez', minutesAgo(now, 24 * 60))
    await completeMission(db, valentina, first, earlierToday(now, 20))
  }

  // The keyboard journey's player: a verified YouTube account and a mission checked, to claim.
  await verifiedAccount(db, keyboard, 2, '@lucianavarro', minutesAgo(now, 24 * 60))
  const keyboardAt = earlierToday(now, 50)
  await addMission(db, keyboard, { missionId: second, deviceId: deviceOf(keyboard) }, keyboardAt)
  await checkMission(
    db,
    keyboard.id,
    second,
    new Date(keyboardAt.getTime() + CHECK_AFTER_MS),
    localSocialProvider,
  )
}
