/**
 * /admin/moderation ('Anúncios' of /admin): the ads waiting for a person — paid ads the automatic
 * moderation sent for review, ads reports hid, and owners' requests for a human review — with
 * 'Aprovar' (→ active) and 'Rejeitar' with a reason (→ rejected); then 'Denúncias', every ad with open
 * reports (public ones too) with 'Descartar denúncias' and 'Retirar do ar' (intent). Every decision is
 * recorded with the admin and the time. The 'Moderação' tab of /admin-old posts here too (voltar
 * brings it back).
 */
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { ModerationQueue } from "~/components/admin/ModerationQueue";
import { ReportedAds } from "~/components/admin/ReportedAds";
import { ReportedConversations } from "~/components/admin/ReportedConversations";
import { conversationReadingLog, reportedConversations, suspendedMessageAccounts } from "~/models/message/moderation.server";
import { PageHeader, secondaryButton, textLink } from "~/components/admin/ui";
import { Icon } from "~/components/Icon";
import { parseId } from "~/lib/parse-id";
import { REPORT_ADMIN_MESSAGES, REPORT_RESOLUTIONS } from "~/models/report/ad-report";
import { MODERATION_MESSAGES, moderationDecisionSchema, reportResolutionSchema } from "~/models/moderation/moderation-queue";
import { announcePriceDropsInBackground } from "~/models/favourite/price-drop-mail.server";
import { approveAd, listModerationQueue, rejectAd } from "~/models/moderation/moderation-queue.server";
import { dismissReports, listReportedAds, takeDownAd } from "~/models/moderation/report-review.server";
import { requireAdminPage } from "~/web/admin.server";
import { safeRedirect } from "~/web/auth.server";
import { NO_STORE, readFormData } from "~/web/http.server";
import { toast } from "~/web/toast.server";

export const meta: MetaFunction = () => [{ title: "Moderação | Administração" }];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdminPage(request);
  const conversations = reportedConversations();
  return data({ items: listModerationQueue(), reported: listReportedAds(), conversations, suspended: suspendedMessageAccounts(), readings: conversationReadingLog(50) }, { headers: NO_STORE });
}

export async function action({ request }: ActionFunctionArgs) {
  const admin = await requireAdminPage(request);
  const form = await readFormData(request);
  const back = safeRedirect(form.get("voltar"), "/admin/moderation");
  const adId = parseId(form.get("adId"));
  if ((REPORT_RESOLUTIONS as readonly unknown[]).includes(form.get("intent"))) return resolveReports(form, adId, admin.id, back);
  const parsed = moderationDecisionSchema.safeParse(Object.fromEntries(form));
  if (!adId || !parsed.success) {
    const message = parsed.success ? MODERATION_MESSAGES.notFound : (parsed.error.issues[0]?.message ?? MODERATION_MESSAGES.decision);
    return toast.redirectWithError(back, { message: MODERATION_MESSAGES.updateError, description: message });
  }
  const { decision, reason } = parsed.data;
  const outcome = decision === "approved" ? approveAd({ adId, adminId: admin.id, reason }) : rejectAd({ adId, adminId: admin.id, reason: reason ?? "" });
  if (!outcome.ok) return toast.redirectWithError(back, { message: MODERATION_MESSAGES.updateError, description: outcome.message });
  // A price cut held for review reaches the ad's savers once a person approves it.
  if (decision === "approved") announcePriceDropsInBackground();
  return decision === "approved"
    ? toast.redirectWithSuccess(back, { message: MODERATION_MESSAGES.approved, description: MODERATION_MESSAGES.approvedDescription })
    : toast.redirectWithSuccess(back, { message: MODERATION_MESSAGES.rejected, description: MODERATION_MESSAGES.rejectedDescription });
}

/** 'Descartar denúncias' or 'Retirar do ar' from 'Denúncias'. */
async function resolveReports(form: FormData, adId: number | null, adminId: number, back: string) {
  const parsed = reportResolutionSchema.safeParse(Object.fromEntries(form));
  if (!adId || !parsed.success) {
    const message = parsed.success ? MODERATION_MESSAGES.notFound : (parsed.error.issues[0]?.message ?? MODERATION_MESSAGES.resolution);
    return toast.redirectWithError(back, { message: MODERATION_MESSAGES.updateError, description: message });
  }
  const { intent, reason } = parsed.data;
  const outcome = intent === "dismiss-reports" ? dismissReports({ adId, adminId }) : await takeDownAd({ adId, adminId, reason: reason ?? "" });
  if (!outcome.ok) return toast.redirectWithError(back, { message: MODERATION_MESSAGES.updateError, description: outcome.message });
  if (intent === "take-down") return toast.redirectWithSuccess(back, { message: REPORT_ADMIN_MESSAGES.takenDown, description: REPORT_ADMIN_MESSAGES.takenDownDescription });
  return outcome.status === "active"
    ? toast.redirectWithSuccess(back, { message: REPORT_ADMIN_MESSAGES.dismissed, description: REPORT_ADMIN_MESSAGES.dismissedDescription })
    : toast.redirectWithSuccess(back, { message: REPORT_ADMIN_MESSAGES.dismissed, description: REPORT_ADMIN_MESSAGES.dismissedKeepsStatus });
}

export default function AdminModeration() {
  const { items, reported, conversations, suspended, readings } = useLoaderData<typeof loader>();
  return (
    <>
      <PageHeader
        title="Moderação"
        description={
          <>
            {items.length} {items.length === 1 ? "anúncio aguarda" : "anúncios aguardam"} uma decisão ·{" "}
            <a href="#denuncias" className={textLink}>
              {reported.length} com denúncias
            </a>
          </>
        }
        actions={
          <Link to="/dashboard" className={secondaryButton}>
            <Icon name="layout-dashboard" className="h-4 w-4" />
            Todos os anúncios
          </Link>
        }
      />
      <ModerationQueue items={items} back="/admin/moderation" />
      <ReportedAds items={reported} back="/admin/moderation#denuncias" />
      <ReportedConversations items={conversations} suspended={suspended} readings={readings} />
    </>
  );
}
