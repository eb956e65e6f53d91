/**
 * The loaders' half of the dashboard's confirmation pages for browsers without JavaScript
 * (/dashboard/vendido/{id}, /dashboard/excluir/{id}; with JavaScript the dashboard asks in a dialog):
 * the signed-in owner's (or an admin's) ad by the address's id, 404 otherwise, and where 'Voltar' and
 * the action's redirect go, the list as it was, never outside /dashboard.
 */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { parseId } from "~/lib/parse-id";
import { MANAGE_MESSAGES } from "~/models/ad/manage";
import { managedAdState } from "~/models/ad/status.server";
import { requireUser, safeRedirect } from "~/web/auth.server";
import { notFoundPage } from "~/web/http.server";

export async function adToConfirm(request: Request, params: LoaderFunctionArgs["params"]) {
  const user = await requireUser(request);
  const id = parseId(params.id);
  const ad = id === null ? null : managedAdState(id, user);
  if (!ad) throw notFoundPage(MANAGE_MESSAGES.notFound);
  const back = safeRedirect(new URL(request.url).searchParams.get("back"), "/dashboard");
  return { user, ad, back: back.startsWith("/dashboard") ? back : "/dashboard" };
}
