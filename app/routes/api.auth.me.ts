/** GET /api/auth/me → the signed-in user {id, fullName, username, email, isAdmin, avatar, unreadMessages}, or 401. */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { unreadMessageCount } from "~/models/message/conversations.server";
import { NO_STORE } from "~/web/http.server";
import { requireUser } from "~/web/auth.server";

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  // The header's badge (issue #37): one read of conversations' unread index, never the messages.
  return Response.json({ ...user, unreadMessages: unreadMessageCount(user.id) }, { headers: NO_STORE });
}
