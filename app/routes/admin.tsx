/**
 * /admin and its pages (spec 02 §2 "sidebar version"): the sections Categorias, Anúncios, Cidades and
 * Configurações, plus Estatísticas, beside every admin page — a sidebar on wide screens, tabs wrapped
 * over a few rows on a phone (a scrolling row hid most of them behind "Anún…" with no sign of more). Non-admins are sent to / (visitors to /login). Each child route checks again
 * in its own loader and action: Remix runs them without this one.
 */
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Link, Outlet, useLoaderData, useLocation } from "@remix-run/react";
import { focusRing } from "~/components/admin/ui";
import { Icon, type IconName } from "~/components/Icon";
import { countPendingModeration } from "~/models/moderation/moderation-queue.server";
import { countReportedAds } from "~/models/moderation/report-review.server";
import { requireAdminPage } from "~/web/admin.server";
import { NO_STORE } from "~/web/http.server";

export const meta: MetaFunction = () => [{ title: "Administração | Classificados Patos" }, { name: "robots", content: "noindex" }];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdminPage(request);
  return data({ pending: countPendingModeration(), reported: countReportedAds() }, { headers: NO_STORE });
}

type Section = { to: string; label: string; icon: IconName; match: (path: string) => boolean };

const SECTIONS: Section[] = [
  { to: "/admin", label: "Visão geral", icon: "layout-dashboard", match: (path) => path === "/admin" || path === "/admin/" },
  {
    to: "/admin/categories",
    label: "Categorias",
    icon: "tags",
    match: (path) => /^\/admin\/(categories|create-category|edit-category|edit-subcategory|edit-characteristic)/.test(path),
  },
  { to: "/admin/moderation", label: "Anúncios", icon: "list-checks", match: (path) => path.startsWith("/admin/moderation") },
  { to: "/admin/cities", label: "Cidades", icon: "map-pin", match: (path) => /^\/admin\/(cities|create-city|edit-city)/.test(path) },
  { to: "/admin/payments", label: "Pagamentos", icon: "credit-card", match: (path) => path.startsWith("/admin/payments") },
  { to: "/admin/settings", label: "Configurações", icon: "settings", match: (path) => path.startsWith("/admin/settings") },
  { to: "/admin/stats", label: "Estatísticas", icon: "chart-column", match: (path) => path.startsWith("/admin/stats") },
];

export default function AdminLayout() {
  const { pending, reported } = useLoaderData<typeof loader>();
  const { pathname } = useLocation();
  return (
    <div className="mx-auto w-full max-w-7xl px-3 py-4 sm:px-4 md:flex md:gap-6 md:py-8 lg:px-6">
      <nav aria-label="Administração" className="-mx-3 mb-4 border-b border-slate-200 md:mx-0 md:mb-0 md:w-56 md:shrink-0 md:border-0">
        <p className="hidden px-3 pb-2 text-xs font-bold uppercase tracking-wider text-slate-500 md:block">Administração</p>
        <ul className="flex flex-wrap gap-1 px-3 pb-2 md:flex-col md:flex-nowrap md:px-0">
          {SECTIONS.map((section) => {
            const active = section.match(pathname);
            return (
              <li key={section.to}>
                <Link
                  to={section.to}
                  aria-current={active ? "page" : undefined}
                  className={`flex min-h-11 items-center gap-2 whitespace-nowrap rounded-lg px-3 py-2 text-sm font-semibold ${focusRing} ${
                    active ? "bg-brand-50 text-brand-800" : "text-slate-700 hover:bg-slate-100"
                  }`}
                >
                  <Icon name={section.icon} className="h-4 w-4" />
                  {section.label}
                  {section.to === "/admin/moderation" && pending > 0 ? (
                    <span className="ml-auto rounded-full bg-amber-500 px-2 py-0.5 text-xs font-bold text-white">
                      {pending}
                      <span className="sr-only"> aguardando moderação</span>
                    </span>
                  ) : null}
                  {section.to === "/admin/moderation" && reported > 0 ? (
                    <span className={`${pending > 0 ? "" : "ml-auto "}rounded-full bg-red-600 px-2 py-0.5 text-xs font-bold text-white`}>
                      {reported}
                      <span className="sr-only"> com denúncias</span>
                    </span>
                  ) : null}
                </Link>
              </li>
            );
          })}
        </ul>
        <p className="hidden px-3 pt-4 text-xs text-slate-500 md:block">
          <Link to="/admin-old" className={`inline-flex min-h-6 items-center rounded hover:underline ${focusRing}`}>
            Painel com abas
          </Link>
        </p>
      </nav>
      <div className="min-w-0 flex-1">
        <Outlet />
      </div>
    </div>
  );
}
