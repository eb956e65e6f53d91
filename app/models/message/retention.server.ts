/**
 * The daily part of messages' housekeeping (server/jobs.ts): conversations whose ad was removed 90 days
 * ago go with their messages (the snapshot of the ad kept them readable until then: migration 0019's
 * trigger), except a reported one the admin has not decided on; and visitors' drafts nobody came back for.
 */
import { and, isNotNull, isNull, lt } from "drizzle-orm";
import { db } from "~/db/client.server";
import { conversations } from "~/db/schema";
import { sweepMessageDrafts } from "~/models/message/drafts.server";
import { REMOVED_AD_CONVERSATION_DAYS } from "~/models/message/limits";


export function runMessageHousekeeping(now: Date = new Date()): { conversations: number; drafts: number } {
  const cutoff = new Date(now.getTime() - REMOVED_AD_CONVERSATION_DAYS * 86_400_000);
  const removed = db
    .delete(conversations)
    .where(and(isNotNull(conversations.adRemovedAt), lt(conversations.adRemovedAt, cutoff), isNull(conversations.reportedAt)))
    .run().changes;
  return { conversations: removed, drafts: sweepMessageDrafts(now) };
}
