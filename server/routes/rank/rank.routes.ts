import { Hono } from 'hono'
import { validationMessages } from '../../../contract/messages'
import { rankParams } from '../../../contract/rank'
import { isRankIndex } from '../../../contract/ranks'
import { reply } from '../../http/envelope'
import type { AppEnv } from '../../http/request-context'
import { requireSession } from '../../http/session-cookie'
import { validate } from '../../http/validate'
import { fieldError } from '../../services/errors'
import { getRankDetail } from '../../services/rules'

export function rankRoutes() {
  return new Hono<AppEnv>().use(requireSession).get('/:id', validate('param', rankParams), (c) => {
    const index = Number(c.req.valid('param').id)
    if (!isRankIndex(index)) throw fieldError(400, 'id', validationMessages.digits)
    return reply(c, getRankDetail(index))
  })
}
