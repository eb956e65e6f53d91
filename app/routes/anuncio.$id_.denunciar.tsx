/**
 * /anuncio/{id}/denunciar — 'Denunciar anúncio' as a page of its own: what the ad page's report form
 * posts to (with JavaScript through a fetcher, without it as a plain form post), and a form people can
 * open by its address. The rules are in models/report/reports.server.ts; POST /api/ads/{id}/report is the
 * JSON twin.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { ReportForm } from "~/components/ads/ReportForm";
import { parseId } from "~/lib/parse-id";
import { adPath } from "~/models/ad/ad";
import { REPORT_MESSAGES, type ReportActionData } from "~/models/report/ad-report";
import { getAdForViewer } from "~/models/ad/detail.server";
import { reportAd, reportSchema } from "~/models/report/reports.server";
import { assertNotCrossSite, clientIp } from "~/web/auth.server";
import { invalidForm, notFoundPage, readFormData, retryAfterHeaders } from "~/web/http.server";
import { visitorHeaders, visitorOf } from "~/web/visitor.server";

// A refused report (429) tells the browser when to try again.
export { retryAfterPageHeaders as headers } from "~/web/http.server";

export function loader({ params }: LoaderFunctionArgs) {
  const id = parseId(params.id);
  if (id === null) throw notFoundPage();
  // Only public ads can be reported. After a report took it out of the list, the confirmation still
  // shows (the action's answer), without the ad.
  const ad = getAdForViewer(id, null);
  return { id, title: ad?.status === "active" ? ad.title : null };
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  assertNotCrossSite(request);
  const id = parseId(params.id);
  if (id === null) throw notFoundPage();
  const form = await readFormData(request);
  const values = { reason: String(form.get("reason") ?? ""), details: String(form.get("details") ?? "") };
  const parsed = reportSchema.safeParse({ reason: values.reason || undefined, details: values.details });
  if (!parsed.success) {
    const fieldErrors: { reason?: string; details?: string } = {};
    for (const issue of parsed.error.issues) {
      const key = issue.path[0];
      if ((key === "reason" || key === "details") && !fieldErrors[key]) fieldErrors[key] = issue.message;
    }
    return invalidForm<ReportActionData>({ ok: false, message: fieldErrors.reason ?? fieldErrors.details ?? REPORT_MESSAGES.reasonRequired, fieldErrors, values });
  }
  const visitor = await visitorOf(request, context);
  const outcome = await reportAd({ adId: id, reporter: visitor.person, ip: clientIp(request, context), ...parsed.data });
  const headers = visitorHeaders(visitor, outcome.ok ? {} : retryAfterHeaders(outcome.status === 429 ? outcome : {}));
  if (!outcome.ok) return data<ReportActionData>({ ok: false, message: outcome.message, values }, { status: outcome.status, headers });
  return data<ReportActionData>({ ok: true, message: outcome.message }, { headers });
}

export const meta: MetaFunction<typeof loader> = ({ data: loaderData }) => [
  { title: loaderData?.title ? `Denunciar "${loaderData.title}" | Classificados Patos` : "Denunciar anúncio | Classificados Patos" },
  { name: "robots", content: "noindex" },
];

export default function ReportPage() {
  const { id, title } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  if (!title && !result) {
    return (
      <section className="mx-auto max-w-xl px-4 py-12 text-center">
        <h1 className="text-2xl font-extrabold text-slate-900">{REPORT_MESSAGES.notFound}</h1>
        <p className="mt-3 text-slate-600">Este anúncio não está mais publicado.</p>
        <Link to="/categories" className="mt-6 inline-block font-semibold text-brand-700 underline">
          Ver outros anúncios
        </Link>
      </section>
    );
  }
  return (
    <section className="mx-auto max-w-xl px-4 py-8">
      <h1 className="text-2xl font-extrabold tracking-tight text-slate-900">Denunciar anúncio</h1>
      {title ? <p className="mt-2 text-slate-600">{title}</p> : null}
      <div className="mt-6 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
        <ReportForm adId={id} result={result} />
      </div>
      {title ? (
        <Link to={adPath({ id, title })} className="mt-6 inline-block font-semibold text-brand-700 underline underline-offset-2">
          Voltar ao anúncio
        </Link>
      ) : (
        <Link to="/categories" className="mt-6 inline-block font-semibold text-brand-700 underline underline-offset-2">
          Ver outros anúncios
        </Link>
      )}
    </section>
  );
}
