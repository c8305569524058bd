import { acknowledgeBody, inbox } from '../inbox'
import { miningMessages } from '../mining'
import { defineEndpoint } from '../endpoint'

export const getMessages = defineEndpoint({
  method: 'GET',
  path: '/api/messages',
  summary: "The player's unread welcome messages, oldest first.",
  description:
    'Kinds: `weeklyReset`, `penalty`, `newRank`, `gemsReceived`; each with its own `payload` (contract/inbox.ts).',
  auth: 'session',
  response: inbox,
})

export const acknowledgeMessage = defineEndpoint({
  method: 'PATCH',
  path: '/api/messages',
  summary: 'Marks one welcome message read and answers the ones left.',
  description: 'Marking a message read again changes nothing.',
  auth: 'session',
  body: acknowledgeBody,
  response: inbox,
  message: miningMessages.messageRead,
  errors: [
    {
      status: 404,
      message: miningMessages.messageNotFound,
      when: 'The player has no message with this id.',
    },
  ],
})
