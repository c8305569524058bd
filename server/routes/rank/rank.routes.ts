import { Hono } from 'hono'
import { rankParams } from '../../../src/api/schemas/rank'
import { isRankIndex } from '../../../src/domain/ranks'
import { fail, messages, reply } from '../../http/envelope'
import type { AppEnv } from '../../http/request-context'
import { requireSession } from '../../http/session-cookie'
import { validate } from '../../http/validate'
import { getRankDetail } from '../../services/rules'

export function rankRoutes() {
  return new Hono<AppEnv>().use(requireSession).get('/:id', validate('param', rankParams), (c) => {
    const index = Number(c.req.valid('param').id)
    if (!isRankIndex(index))
      return fail(c, 400, messages.digits, { fields: { id: messages.digits } })
    return reply(c, getRankDetail(index))
  })
}
