/**
 * POST /admin/mensagens-suspensas/{userId} — 'Retirar suspensão' (issue #37, item 4): an admin lifts the
 * messages suspension of an account ('Mensagens suspensas' in /admin/moderation, and a reported
 * conversation's page); the account sends messages again. Admins only (requireAdminPage), a plain form
 * post answered with a redirect and a toast, so it works with JavaScript off; `voltar` says where to go
 * back to. A GET is no page (405).
 */
import type { ActionFunctionArgs } from "@remix-run/node";
import { parseId } from "~/lib/parse-id";
import { MESSAGE_MESSAGES } from "~/models/message/message";
import { liftMessageSuspension } from "~/models/message/moderation.server";
import { requireAdminPage } from "~/web/admin.server";
import { safeRedirect } from "~/web/auth.server";
import { readFormData } from "~/web/http.server";
import { toast } from "~/web/toast.server";

export async function action({ request, params }: ActionFunctionArgs) {
  await requireAdminPage(request);
  const form = await readFormData(request);
  const back = safeRedirect(form.get("voltar"), "/admin/moderation#suspensas");
  const userId = parseId(params.id);
  const outcome = userId === null ? null : liftMessageSuspension(userId);
  if (!outcome?.ok) return toast.redirectWithError(back, { message: outcome?.message ?? MESSAGE_MESSAGES.notSuspended });
  return toast.redirectWithSuccess(back, { message: outcome.message });
}
