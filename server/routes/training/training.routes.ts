import { Hono } from 'hono'
import * as training from '../../../contract/endpoints/training'
import type { RouteDeps } from '../../http/deps'
import { endpoint } from '../../http/endpoint'
import { reply } from '../../http/envelope'
import { idempotent } from '../../http/idempotency'
import type { AppEnv } from '../../http/request-context'
import { finishLesson, getLesson, getTrainingOverview } from '../../services/training'

/** Daily training, under /user as the spec names it. */
export function trainingRoutes({ db, now }: RouteDeps) {
  return new Hono<AppEnv>()
    .get(...endpoint(training.getTraining), async (c) =>
      reply(c, await getTrainingOverview(db, c.var.user.id, c.req.valid('query').track, now())),
    )
    .post(...endpoint(training.finishLesson), idempotent(db), async (c) =>
      reply(c, await finishLesson(c.var.db, c.var.user.id, c.req.valid('json'), now())),
    )
    .get(...endpoint(training.getLesson), async (c) =>
      reply(c, await getLesson(db, c.var.user.id, c.req.valid('query').resourceId, now())),
    )
}
