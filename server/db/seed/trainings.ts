import { sql } from 'drizzle-orm'
import { finishLesson } from '../../services/training'
import type { Db } from '../client'
import { trainingResources } from '../schema'
import type { DemoWorld } from './players'
import { TRAINING_CATALOG } from './training-catalog'

/**
 * Publishes the training lessons (server/db/seed/training-catalog.ts): inserts the new ones and
 * updates the text of the others, by id. Progress is kept: completions refer to lesson ids.
 * Returns how many lessons the catalog has.
 */
export async function publishTrainings(db: Db): Promise<number> {
  await db
    .insert(trainingResources)
    .values(TRAINING_CATALOG.map((lesson) => ({ ...lesson })))
    .onConflictDoUpdate({
      target: trainingResources.id,
      set: {
        track: sql`excluded.track`,
        position: sql`excluded.position`,
        title: sql`excluded.title`,
        summary: sql`excluded.summary`,
        minutes: sql`excluded.minutes`,
        sections: sql`excluded.sections`,
        quiz: sql`excluded.quiz`,
      },
    })
  return TRAINING_CATALOG.length
}

const DAY_MS = 24 * 60 * 60 * 1000

/**
 * The training lessons, and the demo player's progress: the guide (AYUDA) finished on the three
 * days before today, one lesson a day as the rule says, so APRENDE A GANAR and the finance track
 * are open and today's lesson is waiting.
 */
export async function seedTrainings(db: Db, { demo }: DemoWorld, now: Date): Promise<void> {
  await publishTrainings(db)
  const guide = TRAINING_CATALOG.filter((lesson) => lesson.track === 'guide')
  for (const [index, lesson] of guide.entries()) {
    await finishLesson(
      db,
      demo.id,
      { resourceId: lesson.id, answers: lesson.quiz.map((question) => question.answer) },
      new Date(now.getTime() - (guide.length - index) * DAY_MS),
    )
  }
}
