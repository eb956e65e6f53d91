/**
 * Who may see the admin screens (spec 02 §2, §6): `/admin/*` sends visitors to /login and signed-in
 * non-admins to / (with a toast); `/admin-old` answers the 'Acesso Negado' page instead. Every loader
 * and action of those routes calls one of these: a parent layout's check does not protect its
 * children's loaders and actions, which Remix runs on their own.
 */
import { redirect } from "@remix-run/node";
import { ADMIN_ACCESS_DENIED } from "~/models/account/user";
import { getOptionalUser, loginPath, requireAdmin, type PublicUser } from "~/web/auth.server";
import { toast } from "~/web/toast.server";

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
