/**
 * Who may see the admin screens (spec 02 §2, §6): `/admin/*` sends visitors to /login and signed-in
 * non-admins to / (with a toast); `/admin-old` answers the 'Acesso Negado' page instead. Every loader
 * and action of those routes calls one of these: a parent layout's check does not protect its
 * children's loaders and actions, which Remix runs on their own.
 */
import type { SubmissionResult } from "@conform-to/react";
import { data, redirect } from "@remix-run/node";
import { ADMIN_ACCESS_DENIED } from "~/models/account/user";
import { getOptionalUser, loginPath, requireAdmin, type PublicUser } from "~/web/auth.server";
import { toast } from "~/web/toast.server";
import { NO_STORE } from "~/web/http.server";

export { ADMIN_ACCESS_DENIED as ACCESS_DENIED };

/** The admin behind a page request, or a thrown redirect: to /login for visitors, to / for everyone else. */
export async function requireAdminPage(request: Request): Promise<PublicUser> {
  const user = await getOptionalUser(request);
  if (!user) {
    // A write from another origin is refused by requireAdmin (403) before anything else.
    if (request.method !== "GET" && request.method !== "HEAD") await requireAdmin(request);
    throw redirect(loginPath(request));
  }
  if (!user.isAdmin) throw await toast.redirectWithError("/", { message: ADMIN_ACCESS_DENIED.title, description: ADMIN_ACCESS_DENIED.message });
  return user;
}

/** For /admin-old: the admin, or null when the page must say 'Acesso Negado'. */
export async function adminOrNull(request: Request): Promise<PublicUser | null> {
  const user = await getOptionalUser(request);
  return user?.isAdmin ? user : null;
}

type Replyable = {
  reply(options?: { formErrors?: string[]; fieldErrors?: Record<string, string[]>; resetForm?: boolean }): SubmissionResult<string[]>;
  error?: Record<string, string[] | null> | null;
};

/** The first message of a failed submission (its first field's), for the toast. */
function firstError(submission: Replyable): string | undefined {
  for (const messages of Object.values(submission.error ?? {})) if (messages?.length) return messages[0];
  return undefined;
}

/**
 * A form that did not go through: its errors beside the fields (conform's reply) and the spec's error
 * toast ('Erro ao criar cidade'…) with the reason. `refusal` is the model's answer (duplicate, in use…),
 * shown on its field when it names one.
 *
 * The toast travels in the action's data, not in the toast cookie: this very response is the page
 * a browser without JavaScript shows, and its root loader has already read the cookie.
 */
export function formFailure(
  submission: Replyable,
  title: string,
  refusal?: { status: number; message: string; field?: string },
  extra: Record<string, unknown> = {},
) {
  const result = refusal
    ? submission.reply(refusal.field ? { fieldErrors: { [refusal.field]: [refusal.message] } } : { formErrors: [refusal.message] })
    : submission.reply();
  const description = refusal?.message ?? firstError(submission) ?? "Verifique os campos destacados.";
  const failure: FailureToast = { type: "error", message: title, description };
  return data({ ...extra, result, toast: failure }, { status: refusal?.status ?? 400, headers: NO_STORE });
}

export type FailureToast = { type: "error"; message: string; description: string };
