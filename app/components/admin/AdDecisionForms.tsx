/**
 * The decision row of an ad an admin judges (the moderation queue, Denúncias): 'Ver anúncio', one
 * button that lets the ad be, and a folded form that needs the reason the owner will read. Plain
 * forms posting `adId`, `voltar` and `<field>=<value>`, so they work with JavaScript off; with it,
 * the button the admin pressed says what is happening and both are disabled meanwhile.
 */
import { Form, Link, useNavigation } from "@remix-run/react";
import { dangerButton, focusRing, inputClass } from "~/components/admin/ui";
import { Icon } from "~/components/Icon";
import { REASON_MAX } from "~/models/moderation/moderation-queue";
import { adPath } from "~/models/ad/ad";

type Choice = { value: string; label: string; busyLabel: string };

export function AdDecisionForms({
  adId,
  title,
  action,
  back,
  field,
  keep,
  remove,
}: {
  adId: number;
  title: string;
  action: string;
  back: string;
  /** The form field that carries the choice ("decision" in the queue, "intent" in Denúncias). */
  field: string;
  /** The button that keeps the ad (approve, dismiss the reports), with its class and accessible name. */
  keep: Choice & { className: string; ariaLabel: string };
  /** The folded form that takes the ad down, with the reason's label. */
  remove: Choice & { summary: string; reasonLabel: string; reasonId: string };
}) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formAction === action && navigation.formData?.get("adId") === String(adId);
  const pending = busy ? navigation.formData?.get(field) : null;
  const hidden = (
    <>
      <input type="hidden" name="adId" value={adId} />
      <input type="hidden" name="voltar" value={back} />
    </>
  );
  return (
    <div className="mt-4 flex flex-col gap-3 sm:flex-row sm:items-start">
      <Link to={adPath({ id: adId, title })} className={`inline-flex min-h-11 items-center gap-1.5 rounded text-sm font-semibold text-brand-700 hover:underline ${focusRing}`}>
        <Icon name="eye" className="h-4 w-4" />
        Ver anúncio
      </Link>
      <div className="flex flex-1 flex-col gap-3 sm:items-end">
        <Form method="post" action={action}>
          {hidden}
          <button type="submit" name={field} value={keep.value} disabled={busy} className={`${keep.className} w-full sm:w-auto`} aria-label={`${keep.ariaLabel} ${title}`}>
            <Icon name={pending === keep.value ? "loader-circle" : "check"} className={`h-4 w-4 ${pending === keep.value ? "animate-spin" : ""}`} />
            {pending === keep.value ? keep.busyLabel : keep.label}
          </button>
        </Form>
        <details className="w-full sm:max-w-md">
          <summary className={`${focusRing} inline-flex min-h-11 cursor-pointer items-center gap-1.5 rounded-lg px-1 text-sm font-semibold text-red-700 hover:underline`}>
            <Icon name="circle-x" className="h-4 w-4" />
            {remove.summary}
          </summary>
          <Form method="post" action={action} className="mt-2 space-y-2">
            {hidden}
            <label htmlFor={remove.reasonId} className="block text-sm font-medium text-slate-800">
              {remove.reasonLabel}
            </label>
            <textarea id={remove.reasonId} name="reason" required maxLength={REASON_MAX} rows={3} className={inputClass(false)} />
            <button type="submit" name={field} value={remove.value} disabled={busy} className={`${dangerButton} w-full sm:w-auto`}>
              {pending === remove.value ? remove.busyLabel : remove.label}
            </button>
          </Form>
        </details>
      </div>
    </div>
  );
}
