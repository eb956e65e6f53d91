/**
 * The e-mail an owner gets when their ad leaves the public list without their doing: hidden after
 * reports of aged accounts (reports.server.ts) or taken down by an admin from 'Denúncias'
 * (moderation/report-review.server.ts). It gives the reasons and the way to ask for a human review (LGPD Art. 20,
 * moderation/moderation-queue.server.ts), on the public origin. A failed send is logged, never undoes the hiding.
 */
import { eq } from "drizzle-orm";
import { db } from "~/db/client.server";
import { ads, users } from "~/db/schema";
import { getEnv } from "~/env.server";
import { displayName } from "~/models/account/user";
import { sendMail } from "~/models/mail/mailer.server";

export async function sendAdHiddenMail({ adId, reasons, cause }: { adId: number; reasons: string[]; cause: "reports" | "admin" }) {
  const row = db
    .select({ title: ads.title, email: users.email, fullName: users.fullName, username: users.username, provider: users.provider })
    .from(ads)
    .innerJoin(users, eq(users.id, ads.userId))
    .where(eq(ads.id, adId))
    .get();
  // The archive's placeholder account has no mailbox.
  if (!row || row.provider === "system") return;
  const dashboard = `${getEnv().publicOrigin}/dashboard`;
  const what =
    cause === "reports"
      ? `Seu anúncio "${row.title}" recebeu denúncias de várias contas e saiu do ar até que uma pessoa da nossa equipe o analise.`
      : `Seu anúncio "${row.title}" foi retirado do ar pela nossa equipe depois de denúncias.`;
  try {
    await sendMail({
      to: row.email,
      subject: `Seu anúncio foi ocultado — Classificados Patos`,
      text: [
        `Olá, ${displayName(row)}!`,
        "",
        what,
        "",
        "Motivos:",
        ...reasons.map((reason) => `- ${reason}`),
        "",
        "Se você acha que houve um engano, peça uma revisão humana (LGPD, art. 20) no seu painel, contando o que aconteceu:",
        "",
        dashboard,
        "",
        "Você verá a decisão no painel.",
      ].join("\n"),
    });
  } catch (error) {
    console.error(`[reports] could not e-mail the owner of hidden ad ${adId}`, error);
  }
}
