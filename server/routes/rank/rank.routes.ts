import { Hono } from 'hono'
import { validationMessages } from '../../../contract/messages'
import { rankDetail, rankParams } from '../../../contract/rank'
import { isRankIndex } from '../../../contract/ranks'
import { endpoint } from '../../http/endpoint'
import { reply } from '../../http/envelope'
import type { AppEnv } from '../../http/request-context'
import { validate } from '../../http/validate'
import { fieldError } from '../../services/errors'
import { getRankDetail } from '../../services/rules'

export function rankRoutes() {
  return new Hono<AppEnv>().get(
    '/:id',
    endpoint({
      summary: 'One rank: its requirement and what it gives.',
      description: '`id` is the rank index, 0 (Bronce I) to 11 (Platino III).',
      auth: 'session',
      response: rankDetail,
      errors: [
        {
          status: 400,
          message: validationMessages.digits,
          field: 'id',
          when: 'The index is a number above 11.',
        },
      ],
    }),
    validate('param', rankParams),
    (c) => {
      const index = Number(c.req.valid('param').id)
      if (!isRankIndex(index)) throw fieldError(400, 'id', validationMessages.digits)
      return reply(c, getRankDetail(index))
    },
  )
}
