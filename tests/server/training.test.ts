import { count, eq } from 'drizzle-orm'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import type {
  FinishTrainingResult,
  TrainingLesson,
  TrainingOverview,
} from '../../contract/training'
import { runCommand } from '../../server/cli'
import { ledgerTransfers, trainingResources, users } from '../../server/db/schema'
import { TRAINING_CATALOG } from '../../server/db/seed/training-catalog'
import { DEMO_CODE } from '../../server/db/seed/players'
import { assertLedgerInvariant, getBalances } from '../../server/services/ledger'
import { rowCounts, signupFor, startTestServer, type TestServer } from './support/test-server'

/** Monday 23 November 2026, 09:00 in Bogota. */
const MONDAY = new Date('2026-11-23T14:00:00Z')
const DAY_MS = 24 * 60 * 60 * 1000

let server: TestServer
let clock = MONDAY

const silent = { out: () => undefined, err: () => undefined }

beforeAll(async () => {
  server = await startTestServer({ now: () => clock })
  await runCommand(
    server.db,
    ['create-player', 'demo@tery.example', 'Jugador Demo', '3001234567'],
    silent,
  )
  await server.db.update(users).set({ code: DEMO_CODE })
  expect(await runCommand(server.db, ['publish-trainings'], silent)).toBe(0)
})

afterAll(async () => {
  await server.close()
})

afterEach(async () => {
  clock = MONDAY
  await assertLedgerInvariant(server.db)
})

async function newPlayer() {
  const body = signupFor(DEMO_CODE)
  expect((await server.call('/api/auth/signup', { body })).status).toBe(201)
  const login = await server.call('/api/auth/login', {
    body: { email: body.email, password: body.password },
  })
  const [user] = await server.db.select().from(users).where(eq(users.email, body.email))
  if (!user || !login.cookie) throw new Error('no player')
  return { id: user.id, cookie: login.cookie }
}

function lesson(id: string) {
  const found = TRAINING_CATALOG.find((candidate) => candidate.id === id)
  if (!found) throw new Error(`no lesson ${id}`)
  return found
}

const rightAnswers = (id: string) => lesson(id).quiz.map((question) => question.answer)

function overview(cookie: string | null, track?: string) {
  return server.call<TrainingOverview>(`/api/user/training${track ? `?track=${track}` : ''}`, {
    cookie,
  })
}

function finish(cookie: string | null, resourceId: string, answers: unknown) {
  return server.call<FinishTrainingResult>('/api/user/training', {
    body: { resourceId, answers },
    cookie,
  })
}

function playing(cookie: string | null, resourceId: string) {
  return server.call<TrainingLesson>(`/api/user/training/playing?resourceId=${resourceId}`, {
    cookie,
  })
}

/** Finishes the guide one lesson a day, ending yesterday, as a player would. */
async function finishGuide(cookie: string) {
  const guide = TRAINING_CATALOG.filter((candidate) => candidate.track === 'guide')
  for (const [index, { id }] of guide.entries()) {
    clock = new Date(MONDAY.getTime() - (guide.length - index) * DAY_MS)
    expect((await finish(cookie, id, rightAnswers(id))).status).toBe(200)
  }
  clock = MONDAY
}

describe('GET /api/user/training', () => {
  it("shows a new player the day, the prize, the tracks and a track's lessons with their locks", async () => {
    const ana = await newPlayer()
    const answer = await overview(ana.cookie, 'guide')
    expect(answer.status).toBe(200)
    const { today, prize, tracks, lessons } = answer.body.data
    expect(today).toEqual({
      weekday: 0,
      finishedToday: false,
      nextResetAt: '2026-11-24T05:00:00.000Z',
    })
    expect(prize).toEqual({ currency: 'gems', amount: 5 })
    expect(
      tracks.map(({ id, section, state, lessons, finished, unlockedBy }) => ({
        id,
        section,
        state,
        lessons,
        finished,
        unlockedBy,
      })),
    ).toEqual([
      {
        id: 'guide',
        section: 'trainings',
        state: 'available',
        lessons: 3,
        finished: 0,
        unlockedBy: null,
      },
      {
        id: 'earn',
        section: 'trainings',
        state: 'locked',
        lessons: 4,
        finished: 0,
        unlockedBy: 'Ayuda: guía de Tery',
      },
      {
        id: 'finance',
        section: 'finance',
        state: 'locked',
        lessons: 3,
        finished: 0,
        unlockedBy: 'Ayuda: guía de Tery',
      },
    ])
    expect(lessons.map(({ id, state, lockReason }) => ({ id, state, lockReason }))).toEqual([
      { id: 'guia-bienvenida', state: 'available', lockReason: null },
      { id: 'guia-equipo-y-rangos', state: 'locked', lockReason: 'previous' },
      { id: 'guia-mina-y-estaciones', state: 'locked', lockReason: 'previous' },
    ])
    expect((await overview(ana.cookie, 'earn')).body.data.lessons[0]).toMatchObject({
      state: 'locked',
      lockReason: 'track',
    })
    expect((await overview(ana.cookie)).body.data.lessons).toEqual([])
  })

  it('asks for a session and a known track', async () => {
    expect((await overview(null)).status).toBe(401)
    const ana = await newPlayer()
    const bad = await overview(ana.cookie, 'cocina')
    expect(bad.status).toBe(400)
    expect(bad.body.message).toBe('El entrenamiento no existe')
  })
})

describe('GET /api/user/training/playing', () => {
  it('gives the lesson and its questions, never the answers', async () => {
    const ana = await newPlayer()
    const answer = await playing(ana.cookie, 'guia-bienvenida')
    expect(answer.status).toBe(200)
    expect(answer.body.data.lesson).toMatchObject({
      title: 'Bienvenido a Tery',
      state: 'available',
    })
    expect(answer.body.data.sections.length).toBeGreaterThan(0)
    expect(answer.body.data.quiz[0]).toEqual({
      question: '¿Qué moneda es el combustible de la mina?',
      options: ['Las gemas', 'Los terycarbonos', 'La carga volta'],
    })
    expect(JSON.stringify(answer.body.data)).not.toContain('"answer"')
  })

  it('refuses a locked lesson with why, an unknown one and a malformed id', async () => {
    const ana = await newPlayer()
    const previous = await playing(ana.cookie, 'guia-equipo-y-rangos')
    expect(previous.status).toBe(409)
    expect(previous.body.message).toBe('Termina la lección anterior para desbloquear esta')
    const track = await playing(ana.cookie, 'ganar-misiones')
    expect(track.body.message).toBe('Este entrenamiento aún está bloqueado')
    const unknown = await playing(ana.cookie, 'no-existe')
    expect(unknown.status).toBe(404)
    expect(unknown.body.message).toBe('La lección no existe')
    const bad = await playing(ana.cookie, 'Mayúsculas y espacios')
    expect(bad.status).toBe(400)
    expect(bad.body.message).toBe('La lección no es válida')
    expect((await playing(null, 'guia-bienvenida')).status).toBe(401)
  })
})

describe('POST /api/user/training', () => {
  it('finishes a lesson with the right answers and pays the prize once, through the ledger', async () => {
    const ana = await newPlayer()
    const before = await getBalances(server.db, ana.id)

    const answer = await finish(ana.cookie, 'guia-bienvenida', rightAnswers('guia-bienvenida'))

    expect(answer.status).toBe(200)
    expect(answer.body.message).toBe('¡Lección terminada!')
    expect(answer.body.data.reward).toEqual({ currency: 'gems', amount: 5 })
    expect(answer.body.data.balances.gems).toBe(before.gems + 5)
    expect(answer.body.data.lesson).toMatchObject({
      state: 'finished',
      finishedAt: MONDAY.toISOString(),
      reward: { currency: 'gems', amount: 5 },
    })
    const [row] = await server.db
      .select()
      .from(ledgerTransfers)
      .where(eq(ledgerTransfers.idempotencyKey, `training:${ana.id}:guia-bienvenida`))
    expect(row).toMatchObject({ kind: 'training.finish', amount: 5 })
    const again = await finish(ana.cookie, 'guia-bienvenida', rightAnswers('guia-bienvenida'))
    expect(again.status).toBe(409)
    expect(again.body.message).toBe('Ya terminaste esta lección')
    // A finished lesson can be read again.
    expect((await playing(ana.cookie, 'guia-bienvenida')).body.data.lesson.state).toBe('finished')
  })

  it('refuses wrong or missing answers and changes nothing', async () => {
    const ana = await newPlayer()
    const counts = await rowCounts(server.db)
    const wrong = await finish(ana.cookie, 'guia-bienvenida', [0, 0])
    expect(wrong.status).toBe(400)
    expect(wrong.body.message).toBe(
      'Alguna respuesta no es correcta. Repasa la lección e inténtalo de nuevo.',
    )
    expect(wrong.body.data).toEqual({
      fields: {
        answers: 'Alguna respuesta no es correcta. Repasa la lección e inténtalo de nuevo.',
      },
    })
    expect((await finish(ana.cookie, 'guia-bienvenida', [1])).status).toBe(400)
    const malformed = await finish(ana.cookie, 'guia-bienvenida', ['b', 'a'])
    expect(malformed.body.message).toBe('Cada respuesta debe ser el número de una opción')
    expect((await finish(null, 'guia-bienvenida', [1, 0])).status).toBe(401)
    expect(await rowCounts(server.db)).toEqual(counts)
  })

  it('pays one lesson a day: the next one waits for midnight in Bogota', async () => {
    const ana = await newPlayer()
    await finish(ana.cookie, 'guia-bienvenida', rightAnswers('guia-bienvenida'))
    const next = (await overview(ana.cookie, 'guide')).body.data
    expect(next.today.finishedToday).toBe(true)
    expect(next.lessons[1]).toMatchObject({ state: 'locked', lockReason: 'daily' })

    const sameDay = await finish(
      ana.cookie,
      'guia-equipo-y-rangos',
      rightAnswers('guia-equipo-y-rangos'),
    )
    expect(sameDay.status).toBe(409)
    expect(sameDay.body.message).toBe(
      'Ya entrenaste hoy. La siguiente lección se desbloquea a medianoche.',
    )

    clock = new Date('2026-11-24T05:00:00Z')
    const tomorrow = await finish(
      ana.cookie,
      'guia-equipo-y-rangos',
      rightAnswers('guia-equipo-y-rangos'),
    )
    expect(tomorrow.status).toBe(200)
  })

  it('opens APRENDE A GANAR and the finance track once the guide is finished', async () => {
    const ana = await newPlayer()
    await finishGuide(ana.cookie)
    const { tracks } = (await overview(ana.cookie)).body.data
    expect(tracks.map((track) => track.state)).toEqual(['finished', 'available', 'available'])
    expect(
      (await finish(ana.cookie, 'ganar-misiones', rightAnswers('ganar-misiones'))).status,
    ).toBe(200)
  })

  it('pays once when the same lesson is finished 20 times at once', async () => {
    const ana = await newPlayer()
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        finish(ana.cookie, 'guia-bienvenida', rightAnswers('guia-bienvenida')),
      ),
    )
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(1)
    expect(answers.filter((answer) => answer.status === 409)).toHaveLength(19)
    expect((await getBalances(server.db, ana.id)).gems).toBe(5)
  })

  it('pays one of two lessons finished at once on the same day', async () => {
    const ana = await newPlayer()
    await finishGuide(ana.cookie)
    const before = (await getBalances(server.db, ana.id)).gems
    const answers = await Promise.all([
      finish(ana.cookie, 'ganar-misiones', rightAnswers('ganar-misiones')),
      finish(ana.cookie, 'finanzas-presupuesto', rightAnswers('finanzas-presupuesto')),
    ])
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409])
    expect((await getBalances(server.db, ana.id)).gems).toBe(before + 5)
  })
})

describe('npm run admin -- publish-trainings', () => {
  it('publishes the catalog again without duplicating a lesson', async () => {
    expect(await runCommand(server.db, ['publish-trainings'], silent)).toBe(0)
    const [lessons] = await server.db.select({ n: count() }).from(trainingResources)
    expect(lessons?.n).toBe(TRAINING_CATALOG.length)
  })
})
