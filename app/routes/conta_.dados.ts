/**
 * GET /conta/dados: 'Baixar meus dados' (LGPD art. 18, access and portability) — the signed-in user's
 * profile, ads, payments and AI usage as one JSON file, offered as a download.
 */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { todayKey } from "~/lib/dates";
import { exportUserData } from "~/models/account/data-export.server";
import { requireUser, siteOrigin } from "~/web/auth.server";
import { NO_STORE, notFoundPage } from "~/web/http.server";

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const exported = exportUserData(user.id, siteOrigin());
  if (!exported) throw notFoundPage("Conta não encontrada");
  return new Response(JSON.stringify(exported, null, 2), {
    headers: {
      "Content-Type": "application/json; charset=utf-8",
      "Content-Disposition": `attachment; filename="meus-dados-classificados-patos-${todayKey()}.json"`,
      ...NO_STORE,
      "X-Content-Type-Options": "nosniff",
    },
  });
}
