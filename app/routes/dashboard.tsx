/**
 * /dashboard, 'Meus Anúncios' (spec 02 §2, §4, §6): the stats cards, the filters (a GET form), the
 * list with each ad's actions by effective status, and 'Novo Anúncio'. An admin sees every ad, with an
 * ID search and a status menu. Not signed in → /login with 'Acesso negado' and the way back.
 *
 * The action takes every button of the list as a plain form post (intent + id): pause, reactivate,
 * set-status (admins), mark-sold ('Vendido', issue #36), delete, reactivate-expired, review-request (the owner's LGPD Art. 20 request). Each answers with a redirect back to the list as it
 * was (`back`) and a toast; the rules are the ad model's (status.server.ts), shared with the API.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Link, useLoaderData, useLocation } from "@remix-run/react";
import { lazy, Suspense, useState } from "react";
import { primaryButton } from "~/components/ad-form/WizardShell";
import { DashboardFilters } from "~/components/dashboard/DashboardFilters";
import { ManagedAdList, Pagination } from "~/components/dashboard/ManagedAdList";
import { SellerSafetyTips } from "~/components/dashboard/SellerSafetyTips";
import { StatsCards } from "~/components/dashboard/StatsCards";
import { Icon } from "~/components/Icon";
import { parseId } from "~/lib/parse-id";
import { AD_LOAD_ERROR, AD_STATUSES, type AdDetail, type AdStatus } from "~/models/ad/ad";
import { dailyStatsOf } from "~/models/ad/daily-stats.server";
import { dashboardFilterFromUrl, dashboardStats, listManagedAds } from "~/models/ad/dashboard.server";
import { savesByAd } from "~/models/favourite/favourites.server";
import { MANAGE_MESSAGES, ownerActions, soldHereFromForm } from "~/models/ad/manage";
import { MODERATION_MESSAGES, reviewRequestSchema } from "~/models/moderation/moderation-queue";
import { requestHumanReview, reviewRequestRefusal } from "~/models/moderation/moderation-queue.server";
import { changeAdStatus, deleteAd, managedAdState } from "~/models/ad/status.server";
import { listCategories } from "~/models/category/category.server";
import { getOptionalUser, loginPath, requireUser, safeRedirect } from "~/web/auth.server";
import { NO_STORE, readFormData } from "~/web/http.server";
import { ERROR_TOAST_MS, toast } from "~/web/toast.server";

const AdDialog = lazy(() => import("~/components/ads/AdDialog"));

export const meta: MetaFunction = () => [{ title: "Meus Anúncios | Classificados Patos" }, { name: "robots", content: "noindex" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await getOptionalUser(request);
  if (!user) {
    throw await toast.redirectWithError(loginPath(request), { message: MANAGE_MESSAGES.loginTitle, description: MANAGE_MESSAGES.loginRequired });
  }
  const now = new Date();
  const filter = dashboardFilterFromUrl(new URL(request.url), user);
  const result = listManagedAds(user, filter, now);
  return data(
    {
      isAdmin: user.isAdmin,
      filter,
      ads: result.ads,
      daily: Object.fromEntries(dailyStatsOf(result.ads.map((ad) => ad.id), now)),
      total: result.total,
      stats: dashboardStats(user, {}, now),
      // The owner's own ads: how many people saved each (models/favourite).
      saves: user.isAdmin ? {} : Object.fromEntries(savesByAd(result.ads.map((ad) => ad.id))),
      categories: listCategories().map(({ id, name }) => ({ id, name })),
    },
    { headers: NO_STORE },
  );
}

/** Where an action returns: the list as it was (filters, page), or the edit page that asked for a reactivation. */
function backFrom(form: FormData) {
  const back = safeRedirect(form.get("back"), "/dashboard");
  return back.startsWith("/dashboard") || back.startsWith("/edit-ad/") ? back : "/dashboard";
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request);
  const form = await readFormData(request);
  const intent = String(form.get("intent") ?? "");
  const back = backFrom(form);
  const id = parseId(String(form.get("id") ?? ""));
  const fail = (title: string, message: string) => toast.redirectWithError(back, { message: title, description: message, duration: ERROR_TOAST_MS });
  if (id === null) throw await fail(MANAGE_MESSAGES.statusError, MANAGE_MESSAGES.notFound);

  if (intent === "pause" || intent === "reactivate" || intent === "set-status") {
    const wanted = intent === "pause" ? "paused" : intent === "reactivate" ? "active" : String(form.get("status") ?? "");
    if (!(AD_STATUSES as readonly string[]).includes(wanted)) throw await fail(MANAGE_MESSAGES.statusError, MANAGE_MESSAGES.statusRequired);
    const result = changeAdStatus(id, user, wanted as AdStatus);
    if (!result.ok) throw await fail(result.title, result.message);
    throw await toast.redirectWithSuccess(back, {
      message: MANAGE_MESSAGES.statusUpdated,
      description: intent === "pause" ? "O anúncio foi pausado." : intent === "reactivate" ? "O anúncio voltou a ser exibido." : undefined,
    });
  }

  if (intent === "mark-sold") {
    const result = changeAdStatus(id, user, "sold", new Date(), soldHereFromForm(form.get("soldHere")));
    if (!result.ok) throw await fail(result.title, result.message);
    throw await toast.redirectWithSuccess(back.startsWith("/dashboard") ? back : "/dashboard", {
      message: MANAGE_MESSAGES.soldTitle,
      description: MANAGE_MESSAGES.soldDescription,
    });
  }

  if (intent === "delete") {
    const result = await deleteAd(id, user);
    if (!result.ok) throw await fail(result.title, result.message);
    // Back to the list (never to the page of the ad just deleted).
    throw await toast.redirectWithSuccess(back.startsWith("/dashboard") ? back : "/dashboard", {
      message: MANAGE_MESSAGES.deleted,
      description: MANAGE_MESSAGES.deletedDescription,
    });
  }

  if (intent === "review-request") {
    // LGPD Art. 20: the same rule as POST /api/ads/{id}/review-request (its owner only, refused before the words are read).
    const refused = reviewRequestRefusal(id, user.id);
    if (refused) throw await fail(MANAGE_MESSAGES.updateError, refused.message);
    const parsed = reviewRequestSchema.safeParse({ reason: form.get("reason") });
    if (!parsed.success) throw await fail(MANAGE_MESSAGES.updateError, parsed.error.issues[0]?.message ?? MODERATION_MESSAGES.reasonMax);
    const outcome = requestHumanReview({ adId: id, ownerId: user.id, reason: parsed.data.reason });
    if (!outcome.ok) throw await fail(MANAGE_MESSAGES.updateError, outcome.message);
    throw await toast.redirectWithSuccess(back, { message: MODERATION_MESSAGES.reviewRequested, description: MODERATION_MESSAGES.reviewRequestedDescription });
  }

  if (intent === "reactivate-expired") {
    const ad = managedAdState(id, user);
    if (!ad || ad.userId !== user.id || !ownerActions(ad).includes("reactivate-expired")) {
      throw await fail(MANAGE_MESSAGES.updateError, ad ? "Este anúncio não está expirado." : MANAGE_MESSAGES.notFound);
    }
    throw await toast.redirectWithInfo(`/edit-ad/${id}?reactivate=true`, {
      message: MANAGE_MESSAGES.reactivatingTitle,
      description: MANAGE_MESSAGES.reactivatingText,
      duration: 5000,
    });
  }

  throw await fail(MANAGE_MESSAGES.statusError, "Ação desconhecida.");
}

/** The view dialog: the ad as GET /api/ads/{id} gives it (owners see theirs in any status). */
function useViewDialog() {
  const [ad, setAd] = useState<AdDetail | null>(null);
  const [error, setError] = useState<string | null>(null);
  async function open(id: number) {
    setError(null);
    try {
      const response = await fetch(`/api/ads/${id}`, { headers: { Accept: "application/json" } });
      if (!response.ok) throw new Error(String(response.status));
      setAd((await response.json()) as AdDetail);
    } catch {
      setError(AD_LOAD_ERROR);
    }
  }
  return { ad, error, open, close: () => setAd(null) };
}

export default function DashboardPage() {
  const { isAdmin, filter, ads, daily, total, stats, categories, saves } = useLoaderData<typeof loader>();
  const location = useLocation();
  const view = useViewDialog();
  const back = `${location.pathname}${location.search}`;
  return (
    // On a phone the ads come first (issue #36, item 5): the filters, the six numbers and the tips follow
    // them (CSS order, so the page is the same with or without JavaScript); from 640 px the page reads top down.
    <div className="mx-auto flex w-full max-w-7xl flex-col gap-5 px-3 py-6 sm:px-4 sm:py-8 lg:px-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h1 className="text-2xl font-extrabold tracking-tight text-slate-900">Meus Anúncios</h1>
          {isAdmin ? <p className="text-sm text-slate-600">Administrador: todos os anúncios do site.</p> : null}
        </div>
        <Link to="/create-ad" className={primaryButton}>
          <Icon name="plus" className="h-5 w-5" />
          Novo Anúncio
        </Link>
      </div>
      <div className="order-2 sm:order-none" data-testid="dashboard-stats">
        <StatsCards stats={stats} />
      </div>
      <div className="order-3 sm:order-none">
        <SellerSafetyTips />
      </div>
      <div className="order-1 sm:order-none" data-testid="dashboard-filters">
        <DashboardFilters filter={filter} categories={categories} isAdmin={isAdmin} />
      </div>
      <p className="text-sm text-slate-600" aria-live="polite">
        {total === 1 ? "1 anúncio" : `${total.toLocaleString("pt-BR")} anúncios`}
      </p>
      {view.error ? (
        <p role="alert" className="rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-800">
          {view.error}
        </p>
      ) : null}
      <ManagedAdList ads={ads} daily={daily} isAdmin={isAdmin} back={back} onView={(id) => void view.open(id)} saves={saves} />
      <Pagination search={location.search} page={filter.page} limit={filter.limit} total={total} />
      {view.ad ? (
        <Suspense fallback={null}>
          <AdDialog ad={view.ad} onRequestClose={view.close} />
        </Suspense>
      ) : null}
    </div>
  );
}
