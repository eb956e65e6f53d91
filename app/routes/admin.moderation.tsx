/**
 * /admin/moderation ('Anúncios' of /admin): the ads waiting for a person — paid ads the automatic
 * moderation sent for review, and owners' requests for a human review — with 'Aprovar' (→ active) and
 * 'Rejeitar' with a reason (→ rejected). Every decision is recorded with the admin and the time. The
 * 'Moderação' tab of /admin-old posts here too (voltar brings it back).
 */
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { ModerationQueue } from "~/components/admin/ModerationQueue";
import { PageHeader, secondaryButton } from "~/components/admin/ui";
import { Icon } from "~/components/Icon";
import { parseId } from "~/lib/id";
import { MODERATION_MESSAGES, moderationDecisionSchema } from "~/models/ad/moderation-queue";
import { approveAd, listModerationQueue, rejectAd } from "~/models/ad/moderation-queue.server";
import { requireAdminPage } from "~/web/admin.server";
import { safeRedirect } from "~/web/auth.server";
import { readFormData } from "~/web/http.server";
import { toast } from "~/web/toast.server";

export const meta: MetaFunction = () => [{ title: "Moderação | Administração" }];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdminPage(request);
  return data({ items: listModerationQueue() }, { headers: { "Cache-Control": "private, no-store" } });
}

export async function action({ request }: ActionFunctionArgs) {
  const admin = await requireAdminPage(request);
  const form = await readFormData(request);
  const back = safeRedirect(form.get("voltar"), "/admin/moderation");
  const adId = parseId(form.get("adId"));
  const parsed = moderationDecisionSchema.safeParse(Object.fromEntries(form));
  if (!adId || !parsed.success) {
    const message = parsed.success ? MODERATION_MESSAGES.notFound : (parsed.error.issues[0]?.message ?? MODERATION_MESSAGES.decision);
    return toast.redirectWithError(back, { message: MODERATION_MESSAGES.updateError, description: message });
  }
  const { decision, reason } = parsed.data;
  const outcome = decision === "approved" ? approveAd({ adId, adminId: admin.id, reason }) : rejectAd({ adId, adminId: admin.id, reason: reason ?? "" });
  if (!outcome.ok) return toast.redirectWithError(back, { message: MODERATION_MESSAGES.updateError, description: outcome.message });
  return decision === "approved"
    ? toast.redirectWithSuccess(back, { message: MODERATION_MESSAGES.approved, description: MODERATION_MESSAGES.approvedDescription })
    : toast.redirectWithSuccess(back, { message: MODERATION_MESSAGES.rejected, description: MODERATION_MESSAGES.rejectedDescription });
}

export default function AdminModeration() {
  const { items } = useLoaderData<typeof loader>();
  return (
    <>
      <PageHeader
        title="Moderação"
        description={`${items.length} ${items.length === 1 ? "anúncio aguarda" : "anúncios aguardam"} uma decisão.`}
        actions={
          <Link to="/dashboard" className={secondaryButton}>
            <Icon name="layout-dashboard" className="h-4 w-4" />
            Todos os anúncios
          </Link>
        }
      />
      <ModerationQueue items={items} back="/admin/moderation" />
    </>
  );
}
