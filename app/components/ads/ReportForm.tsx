import { useFetcher } from "@remix-run/react";
import { useId } from "react";
import { Icon } from "~/components/Icon";
import { REPORT_DETAILS_MAX, REPORT_MESSAGES, REPORT_REASON_LABELS, REPORT_REASONS, type ReportActionData } from "~/models/report/ad-report";

const focusRing = "focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:ring-offset-2";

/**
 * 'Denunciar anúncio': a reason from the list and an optional text, posted to /anuncio/{id}/denunciar.
 * With JavaScript a fetcher sends it and the answer replaces the form in place (over the list or on
 * the ad page); without it, it is a plain form post whose answer is that page.
 * `result` is the answer when the page itself received the post (no JavaScript).
 */
export function ReportForm({ adId, result }: { adId: number; result?: ReportActionData }) {
  const fetcher = useFetcher<ReportActionData>();
  const answer = fetcher.data ?? result;
  const sending = fetcher.state !== "idle";
  const id = useId();
  if (answer?.ok) {
    return (
      <p role="status" className="flex gap-2 rounded-lg bg-green-50 p-3 text-sm font-medium text-green-900">
        <Icon name="circle-check" className="mt-0.5 h-5 w-5 shrink-0" />
        {answer.message}
      </p>
    );
  }
  const errors = answer && !answer.ok ? answer.fieldErrors ?? {} : {};
  const values = answer && !answer.ok ? answer.values ?? {} : {};
  return (
    <fetcher.Form method="post" action={`/anuncio/${adId}/denunciar`} className="flex flex-col gap-4" aria-label="Denunciar anúncio">
      {answer && !answer.ok && !answer.fieldErrors ? (
        <p role="alert" className="rounded-lg bg-red-50 p-3 text-sm font-medium text-red-800">
          {answer.message}
        </p>
      ) : null}
      <p className="text-sm text-slate-600">{REPORT_MESSAGES.howItWorks}</p>
      <fieldset aria-describedby={errors.reason ? `${id}-reason-error` : undefined}>
        <legend className="text-sm font-semibold text-slate-800">Qual é o problema?</legend>
        <div className="mt-2 flex flex-col gap-1">
          {REPORT_REASONS.map((reason) => (
            <label key={reason} className="flex min-h-11 cursor-pointer items-center gap-3 rounded-lg px-2 text-sm text-slate-800 hover:bg-slate-50">
              <input
                type="radio"
                name="reason"
                value={reason}
                required
                defaultChecked={values.reason === reason}
                className="h-4 w-4 border-slate-300 text-brand-700 focus:ring-brand-600"
              />
              {REPORT_REASON_LABELS[reason]}
            </label>
          ))}
        </div>
        {errors.reason ? (
          <p id={`${id}-reason-error`} className="mt-1 text-sm font-medium text-red-700">
            {errors.reason}
          </p>
        ) : null}
      </fieldset>
      <label className="flex flex-col gap-1 text-sm font-semibold text-slate-800">
        Conte o que aconteceu (opcional)
        <textarea
          name="details"
          rows={3}
          maxLength={REPORT_DETAILS_MAX}
          defaultValue={values.details}
          aria-invalid={errors.details ? true : undefined}
          className="rounded-lg border border-slate-300 px-3 py-2 font-normal text-slate-900 focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-600"
        />
        {errors.details ? <span className="font-medium text-red-700">{errors.details}</span> : null}
      </label>
      <button
        type="submit"
        disabled={sending}
        className={`inline-flex min-h-11 items-center justify-center gap-2 rounded-lg bg-red-700 px-5 py-2 font-semibold text-white hover:bg-red-800 disabled:opacity-70 ${focusRing}`}
      >
        <Icon name="flag" className="h-4 w-4" />
        {sending ? "Enviando..." : "Enviar denúncia"}
      </button>
    </fetcher.Form>
  );
}
