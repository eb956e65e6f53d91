/**
 * 'Bloquear' and 'Desbloquear' (issue #37), from either side of a conversation: the blocked person can
 * no longer send in any conversation with the blocker (conversations.server.ts reads the block on every
 * message, so another of the blocker's ads is closed too). Only a side of the conversation may do it:
 * anyone else gets the conversation's 404.
 */
import { and, eq } from "drizzle-orm";
import { db } from "~/db/client.server";
import { messageBlocks } from "~/db/schema";
import { CONVERSATION_NOT_FOUND, otherSideIn, type Refusal } from "~/models/message/conversations.server";
import { MESSAGE_MESSAGES } from "~/models/message/message";

export type BlockOutcome = { ok: true; blocked: boolean; message: string } | Refusal;

/** `userId` blocks (`blocked` true) or unblocks the other side of conversation `id`. */
export function setBlock(userId: number, id: number, blocked: boolean, now: Date = new Date()): BlockOutcome {
  const other = otherSideIn(userId, id);
  if (other === undefined) return CONVERSATION_NOT_FOUND;
  if (other !== null) {
    if (blocked) db.insert(messageBlocks).values({ blockerId: userId, blockedId: other, createdAt: now }).onConflictDoNothing().run();
    else db.delete(messageBlocks).where(and(eq(messageBlocks.blockerId, userId), eq(messageBlocks.blockedId, other))).run();
  }
  return { ok: true, blocked, message: blocked ? MESSAGE_MESSAGES.blockedDone : MESSAGE_MESSAGES.unblockedDone };
}
