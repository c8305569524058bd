import { Hono } from 'hono'
import * as rank from '../../../contract/endpoints/rank'
import { validationMessages } from '../../../contract/messages'
import { isRankIndex } from '../../../contract/ranks'
import { endpoint } from '../../http/endpoint'
import { reply } from '../../http/envelope'
import type { AppEnv } from '../../http/request-context'
import { fieldError } from '../../services/errors'
import { getRankDetail } from '../../services/rules'

export function rankRoutes() {
  return new Hono<AppEnv>().get(...endpoint(rank.getRank), (c) => {
    const index = Number(c.req.valid('param').id)
    if (!isRankIndex(index)) throw fieldError(400, 'id', validationMessages.digits)
    return reply(c, getRankDetail(index))
  })
}
