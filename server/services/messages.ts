import { and, asc, eq, isNull } from 'drizzle-orm'
import * as v from 'valibot'
import { welcomeMessage, type Inbox, type NewWelcomeMessage } from '../../contract/inbox'
import type { Db, Tx } from '../db/client'
import { queueLiveEvent } from '../db/live-outbox'
import { playerMessages } from '../db/schema'
import { DomainError } from './errors'
import { miningMessages } from '../../contract/mining'

/*
 * Welcome messages (contract/inbox.ts): what happened while the player was away, read one at a
 * time after login. Any area adds one inside its own transaction with addMessage(), which announces
 * it on the player's live stream (`message.received`).
 */

/** A message for one player; a second one with the same `dedupeKey` is not added. */
export type MessageFor = {
  userId: string
  message: NewWelcomeMessage
  dedupeKey?: string
  at?: Date
}

/**
 * Adds welcome messages, in batches (a weekly job writes one per player). With a `dedupeKey` a
 * second message with the same key for the same player is not added (a job that runs again, a
 * retried request): the message appears once.
 */
export async function addMessages(tx: Tx, messages: readonly MessageFor[]): Promise<void> {
  const BATCH = 1_000
  for (let start = 0; start < messages.length; start += BATCH) {
    const added = await tx
      .insert(playerMessages)
      .values(
        messages.slice(start, start + BATCH).map(({ userId, message, dedupeKey, at }) => ({
          userId,
          kind: message.kind,
          payload: message.payload,
          dedupeKey: dedupeKey ?? null,
          ...(at ? { createdAt: at } : {}),
        })),
      )
      .onConflictDoNothing()
      .returning({ userId: playerMessages.userId, kind: playerMessages.kind })
    // Only those added: one that was there already (a job run again) was announced then.
    for (const { userId, kind } of added) announceMessage(tx, userId, kind)
  }
}

/**
 * Announces a message added for a player on their live stream (`message.received`), when the
 * transaction commits: addMessages does it for those it adds; a statement that adds its own (a
 * gem transfer's) calls it for the row it added.
 */
export function announceMessage(tx: Tx, userId: string, kind: string): void {
  queueLiveEvent(tx, userId, { type: 'message.received', data: { kind } })
}

/** Adds one welcome message for a player (see addMessages). */
export async function addMessage(
  tx: Tx,
  userId: string,
  message: NewWelcomeMessage,
  options: { dedupeKey?: string; at?: Date } = {},
): Promise<void> {
  await addMessages(tx, [{ userId, message, ...options }])
}

/** GET /api/messages: the player's unread messages, oldest first. */
export async function listUnread(db: Db, userId: string): Promise<Inbox> {
  const rows = await db
    .select()
    .from(playerMessages)
    .where(and(eq(playerMessages.userId, userId), isNull(playerMessages.readAt)))
    .orderBy(asc(playerMessages.createdAt), asc(playerMessages.id))
  return {
    // Rows are written through addMessage's typed input; parsing keeps the answer honest anyway.
    messages: rows.map((row) =>
      v.parse(welcomeMessage, {
        id: row.id,
        kind: row.kind,
        payload: row.payload,
        createdAt: row.createdAt.toISOString(),
      }),
    ),
  }
}

/**
 * PATCH /api/messages: marks one of the player's messages read (again is harmless) and answers
 * what is left. Another player's message, or none, is 404.
 */
export async function acknowledgeMessage(
  db: Db,
  userId: string,
  id: string,
  now: Date,
): Promise<Inbox> {
  const [row] = await db
    .select({ readAt: playerMessages.readAt })
    .from(playerMessages)
    .where(and(eq(playerMessages.id, id), eq(playerMessages.userId, userId)))
  if (!row) throw new DomainError(404, miningMessages.messageNotFound)
  await db
    .update(playerMessages)
    .set({ readAt: now })
    .where(
      and(
        eq(playerMessages.id, id),
        eq(playerMessages.userId, userId),
        isNull(playerMessages.readAt),
      ),
    )
  return listUnread(db, userId)
}
