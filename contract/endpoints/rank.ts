import { validationMessages } from '../messages'
import { rankDetail, rankParams } from '../rank'
import { defineEndpoint } from '../endpoint'

export const getRank = defineEndpoint({
  method: 'GET',
  path: '/api/rank/:id',
  summary: 'One rank: its requirement and what it gives.',
  description: '`id` is the rank index, 0 (Bronce I) to 11 (Platino III).',
  auth: 'session',
  params: rankParams,
  response: rankDetail,
  errors: [
    {
      status: 400,
      message: validationMessages.digits,
      field: 'id',
      when: 'The index is a number above 11.',
    },
  ],
})
