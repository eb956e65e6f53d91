/**
 * A page's loaders share one session lookup (issue #35, item 3: Remix hands the root's and the page's
 * loaders copies of one Request, and each asked the database who it was). The abuse case: a session
 * ended is never honoured by a write of the same request, nor by any later request.
 */
import { describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { users } from "~/db/schema";
import { createSession, revokeSession } from "~/models/session/session.server";
import { trackRequestUser } from "~/web/access-log-entry.server";
import { getAuthContext } from "~/web/auth.server";

function signedInPerson(word: string) {
  const userId = db.insert(users).values({ username: `once_${word}`, email: `once.${word}@exemplo.com.br`, fullName: "Pessoa" }).returning({ id: users.id }).get().id;
  return { userId, token: createSession(userId, { persistent: false }).token };
}

const withBearer = (token: string, method = "GET") => new Request("http://localhost/", { method, headers: { Authorization: `Bearer ${token}` } });

describe("the session behind a request", () => {
  it("is looked up once for a read's loaders, and a write of the same request looks again", async () => {
    const { userId, token } = signedInPerson("read");
    const record = { userId: null as number | null };
    await trackRequestUser(record, async () => {
      expect((await getAuthContext(withBearer(token)))?.user.id).toBe(userId);
      revokeSession(token);
      // The page's loader, in the same request as the root's: the answer the root's loader had.
      expect((await getAuthContext(withBearer(token)))?.user.id).toBe(userId);
      // A write never relies on an earlier lookup: its action may be what ended the session.
      expect(await getAuthContext(withBearer(token, "POST"))).toBeNull();
    });
    expect(record.userId).toBe(userId);
  });

  it("is never kept from one request to the next: an ended session is refused by the next one", async () => {
    const { userId, token } = signedInPerson("next");
    await trackRequestUser({ userId: null }, async () => expect((await getAuthContext(withBearer(token)))?.user.id).toBe(userId));
    revokeSession(token);
    await trackRequestUser({ userId: null }, async () => expect(await getAuthContext(withBearer(token))).toBeNull());
    // Outside any request (a job, a script), every call asks the database.
    expect(await getAuthContext(withBearer(token))).toBeNull();
  });
});
