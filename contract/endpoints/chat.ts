import { chatLink } from '../config'
import { defineEndpoint } from '../endpoint'

export const getChat = defineEndpoint({
  method: 'GET',
  path: '/api/chat',
  summary: 'The support chat the floating assistant button opens.',
  auth: 'public',
  response: chatLink,
})
