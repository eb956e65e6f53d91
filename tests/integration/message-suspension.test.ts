/**
 * 'Retirar suspensão' (issue #37, item 4): the admin lifts an account's messages suspension from
 * 'Mensagens suspensas' in /admin/moderation (or the reported conversation's page) and the account
 * writes again; anyone else's post changes nothing, and an account not suspended is an error, not a 500.
 */
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { users } from "~/db/schema";
import { MESSAGE_MESSAGES } from "~/models/message/message";
import { messageAboutAd } from "~/models/message/conversations.server";
import { action as liftForm } from "~/routes/admin.mensagens-suspensas.$id";
import { loader as moderationPage } from "~/routes/admin.moderation";
import { browser, createUser, type TestUser } from "../support/ad-fixtures";
import { insertAd } from "../support/manage";
import { callRoute } from "../support/route";

const lift = (by: TestUser, userId: number, back?: string) =>
  callRoute(liftForm, `/admin/mensagens-suspensas/${userId}`, {
    params: { id: String(userId) },
    init: { method: "POST", headers: browser(by), body: new URLSearchParams(back ? { voltar: back } : {}) },
  });
const suspendedAt = (userId: number) => db.select({ at: users.messagesSuspendedAt }).from(users).where(eq(users.id, userId)).get()!.at;

describe("'Retirar suspensão'", () => {
  it("the admin lifts it from /admin/moderation's list and the account writes again; a non-admin's post changes nothing", async () => {
    const admin = await createUser({ name: "Admin", isAdmin: true });
    const seller = await createUser({ name: "Vendedor" });
    const suspended = await createUser({ name: "Suspenso" });
    db.update(users).set({ messagesSuspendedAt: new Date() }).where(eq(users.id, suspended.id)).run();
    const ad = await insertAd(seller.id, { status: "active", createdDaysAgo: 2 });
    expect(messageAboutAd(suspended.id, ad.id, "Oi")).toMatchObject({ ok: false, status: 403, message: MESSAGE_MESSAGES.suspended });

    const page = (await (await callRoute(moderationPage, "/admin/moderation", { init: { headers: browser(admin) } })).json()) as {
      suspended: { id: number; label: string }[];
    };
    expect(page.suspended.find((account) => account.id === suspended.id)?.label).toContain(suspended.email);

    // Not an admin: sent away, still suspended (the seller, and the suspended person themself).
    for (const someone of [seller, suspended]) {
      const refused = await lift(someone, suspended.id);
      expect(refused.status).toBe(302);
      expect(refused.headers.get("Location")).toBe("/");
      expect(suspendedAt(suspended.id)).not.toBeNull();
    }

    const lifted = await lift(admin, suspended.id);
    expect(lifted.status).toBe(302);
    expect(lifted.headers.get("Location")).toBe("/admin/moderation#suspensas");
    expect(suspendedAt(suspended.id)).toBeNull();
    expect(messageAboutAd(suspended.id, ad.id, "Oi, agora vai")).toMatchObject({ ok: true });
    const after = (await (await callRoute(moderationPage, "/admin/moderation", { init: { headers: browser(admin) } })).json()) as { suspended: { id: number }[] };
    expect(after.suspended.map((account) => account.id)).not.toContain(suspended.id);

    // Again, or an id that is no account: an error toast, not a 500; `voltar` is kept on this site.
    const again = await lift(admin, suspended.id, "/admin/conversas/1");
    expect(again.status).toBe(302);
    expect(again.headers.get("Location")).toBe("/admin/conversas/1");
    expect((await lift(admin, 999_999_999, "https://golpe.example/")).headers.get("Location")).toBe("/admin/moderation#suspensas");
  });
});
