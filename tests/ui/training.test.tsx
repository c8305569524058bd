import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { trainingMachine } from '../../machines/training/training.machine'
import { trainingEntry } from '../../machines/training/training.samples'
import type { TrainingOverview } from '../../contract/training'
import { financeTrainingMachine } from '../../src/pages/finance/finance.actors'
import { managementMachine } from '../../src/pages/management/management.actors'
import { trainingTrackMachine } from '../../src/pages/training/training.actors'
import { trainingsMachine } from '../../src/pages/trainings/trainings.actors'
import { fakeActors } from './fake-actors'
import { player, renderApp } from './render-app'

const overview: TrainingOverview = {
  today: { weekday: 2, finishedToday: false, nextResetAt: '2099-01-01T05:00:00.000Z' },
  prize: { currency: 'gems', amount: 5 },
  tracks: [
    {
      id: 'guide',
      section: 'trainings',
      title: 'Ayuda: guía de Tery',
      summary: 'Lo esencial.',
      lessons: 3,
      finished: 3,
      state: 'finished',
      unlockedBy: null,
    },
    {
      id: 'earn',
      section: 'trainings',
      title: 'Aprende a ganar',
      summary: 'Estrategias.',
      lessons: 4,
      finished: 0,
      state: 'locked',
      unlockedBy: 'Ayuda: guía de Tery',
    },
    {
      id: 'finance',
      section: 'finance',
      title: 'Finanzas para jugadores',
      summary: 'Dinero con calma.',
      lessons: 3,
      finished: 1,
      state: 'available',
      unlockedBy: null,
    },
  ],
  lessons: [
    {
      id: 'guia-bienvenida',
      track: 'guide',
      position: 1,
      title: 'Bienvenido a Tery',
      summary: 'Las monedas.',
      minutes: 3,
      state: 'finished',
      lockReason: null,
      finishedAt: '2026-11-20T15:00:00.000Z',
      reward: { currency: 'gems', amount: 5 },
    },
    {
      id: 'guia-equipo-y-rangos',
      track: 'guide',
      position: 2,
      title: 'Tu equipo y tus rangos',
      summary: 'El código.',
      minutes: 4,
      state: 'available',
      lockReason: null,
      finishedAt: null,
      reward: null,
    },
    {
      id: 'guia-mina-y-estaciones',
      track: 'guide',
      position: 3,
      title: 'La mina',
      summary: 'Las estaciones.',
      minutes: 4,
      state: 'locked',
      lockReason: 'previous',
      finishedAt: null,
      reward: null,
    },
  ],
}

const load = async () => ({ data: overview })

describe('/trainings and /finance', () => {
  it('shows the two-card grid with the finished and the locked message', async () => {
    renderApp('/trainings', {
      session: player,
      actors: [fakeActors(trainingsMachine, { load }).overrides],
    })
    const guide = (await screen.findByRole('heading', { name: 'Ayuda: guía de Tery' })).closest(
      'article',
    ) as HTMLElement
    expect(within(guide).getByText('¡Completaste este entrenamiento!')).toBeTruthy()
    expect(within(guide).getByRole('link', { name: 'REPASAR' }).getAttribute('href')).toBe(
      '/training?track=guide',
    )
    const earn = screen
      .getByRole('heading', { name: 'Aprende a ganar' })
      .closest('article') as HTMLElement
    expect(
      within(earn).getByText('Termina «Ayuda: guía de Tery» para desbloquear este entrenamiento.'),
    ).toBeTruthy()
    expect(within(earn).queryByRole('link')).toBeNull()
    expect(screen.queryByRole('heading', { name: 'Finanzas para jugadores' })).toBeNull()
    expect(screen.getByText('Tu lección de hoy te espera: termínala y gana 5 gemas.')).toBeTruthy()
  })

  it('shows the finance lessons next to the external finance site', async () => {
    renderApp('/finance', {
      session: player,
      actors: [fakeActors(financeTrainingMachine, { load }).overrides],
    })
    const card = (await screen.findByRole('heading', { name: 'Finanzas para jugadores' })).closest(
      'article',
    ) as HTMLElement
    expect(within(card).getByText('1 de 3 lecciones')).toBeTruthy()
    const site = screen.getByRole('link', { name: /ABRIR FINANZAS/ })
    expect(site.getAttribute('href')).toBe('https://finanzas.example')
    expect(site.getAttribute('target')).toBe('_blank')
  })
})

describe('/training', () => {
  it("lists a track's lessons with their states", async () => {
    const track = fakeActors(trainingTrackMachine, { load })
    renderApp('/training?track=guide', { session: player, actors: [track.overrides] })
    expect(await screen.findByText('Terminada el 20/11/2026 · ganaste 5 gemas')).toBeTruthy()
    expect(screen.getByRole('link', { name: 'EMPEZAR' }).getAttribute('href')).toBe(
      '/training/playing?resourceId=guia-equipo-y-rangos',
    )
    expect(screen.getByText('Termina la lección anterior')).toBeTruthy()
  })

  it('asks to choose a track when the link names none', async () => {
    renderApp('/training?track=cocina', { session: player })
    expect(await screen.findByRole('heading', { name: 'Elige un entrenamiento' })).toBeTruthy()
  })
})

describe('/training/playing', () => {
  const [lesson] = trainingEntry.outcomes.loadLesson.done
  const [finished] = trainingEntry.outcomes.finishLesson.done

  it('is read section by section, answered, and finished with its prize', async () => {
    if (!lesson || !finished) throw new Error('samples missing')
    const fakes = fakeActors(trainingMachine, {
      loadLesson: async () => lesson,
      finishLesson: async () => finished,
    })
    const { user } = renderApp('/training/playing?resourceId=guia-bienvenida', {
      session: player,
      actors: [fakes.overrides],
    })
    await user.click(await screen.findByRole('button', { name: 'EMPEZAR' }))
    expect(screen.getByRole('heading', { name: 'Un juego para formar equipo' })).toBeTruthy()
    await user.click(screen.getByRole('button', { name: 'SIGUIENTE' }))
    await user.click(screen.getByRole('button', { name: 'IR A LAS PREGUNTAS' }))
    const finish = screen.getByRole('button', { name: 'TERMINAR' }) as HTMLButtonElement
    expect(finish.disabled).toBe(true)
    const first = screen.getByRole('group', { name: /¿Qué moneda es el combustible/ })
    await user.click(within(first).getByRole('radio', { name: 'Terycarbonos' }))
    const second = screen.getByRole('group', { name: /¿Qué se canjea en el mercado?/ })
    await user.click(within(second).getByRole('radio', { name: 'Gemas' }))
    await user.click(finish)
    expect(fakes.calls.finishLesson).toHaveBeenCalledWith({ answers: [1, 0] })
    expect(await screen.findByText('Ganaste 5 gemas.')).toBeTruthy()
    expect(screen.getByRole('heading', { name: 'Repasa la lección' })).toBeTruthy()
  })

  it('shows why a lesson is locked', async () => {
    const fakes = fakeActors(trainingMachine, {
      loadLesson: async () => {
        throw {
          status: 409,
          message: 'Ya entrenaste hoy. La siguiente lección se desbloquea a medianoche.',
          network: false,
        }
      },
      finishLesson: async () => {
        throw new Error('not expected')
      },
    })
    renderApp('/training/playing?resourceId=guia-mina-y-estaciones', {
      session: player,
      actors: [fakes.overrides],
    })
    expect(await screen.findByRole('heading', { name: 'Lección bloqueada' })).toBeTruthy()
    expect(
      screen.getByText('Ya entrenaste hoy. La siguiente lección se desbloquea a medianoche.'),
    ).toBeTruthy()
  })
})

describe('/management', () => {
  it('shows the day of the week, the timer to the next lesson and the training prize', async () => {
    renderApp('/management', {
      session: player,
      actors: [fakeActors(managementMachine, { load }).overrides],
    })
    expect(await screen.findByText('Hoy es miércoles')).toBeTruthy()
    const timer = await screen.findByRole('timer')
    await waitFor(() => expect(timer.textContent).toMatch(/^\d+:\d{2}:\d{2}:\d{2}$/))
    expect(
      within(screen.getByRole('region', { name: 'Premio del entrenamiento' })).getByText('5 gemas'),
    ).toBeTruthy()
    expect(screen.getByText('Tu lección de hoy está pendiente.')).toBeTruthy()
  })
})
