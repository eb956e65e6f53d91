/**
 * The page a mail's "cancelar" link opens (/buscas/cancelar/{token}, /avisos-de-preco/cancelar/{token},
 * and any other list of e-mails one can leave without signing in): before, what would stop and a
 * button (mail scanners open links, so only the POST unsubscribes); after, the outcome the action
 * answered (see web/unsubscribe.server.ts), as a status, or an alert when the link was not the
 * server's. A plain form post: it works without JavaScript.
 */
import { Form, Link } from "@remix-run/react";
import type { ReactNode } from "react";

/** What a one-click unsubscribe's POST answered: stopped (ok), or a link the server did not make. */
export type UnsubscribeOutcome = { ok: boolean; message: string };

export function UnsubscribePage({
  heading,
  doneHeading,
  outcome,
  buttonLabel,
  back,
  children,
}: {
  /** The heading while the button is still to be pressed. */
  heading: string;
  /** The heading once the e-mails are stopped. */
  doneHeading: string;
  /** What the action answered, or what the loader already knows (stopped before); null: the button is shown. */
  outcome: UnsubscribeOutcome | null | undefined;
  buttonLabel: string;
  back: { to: string; label: string };
  /** What pressing the button stops, shown above it. */
  children: ReactNode;
}) {
  return (
    <section className="mx-auto max-w-xl px-4 py-12 text-center">
      <h1 className="text-2xl font-extrabold text-slate-900">{outcome?.ok ? doneHeading : heading}</h1>
      {outcome ? (
        <p role={outcome.ok ? "status" : "alert"} className="mt-3 text-slate-700">
          {outcome.message}
        </p>
      ) : (
        <>
          <p className="mt-3 text-slate-700">{children}</p>
          <Form method="post" className="mt-6">
            <button type="submit" className="min-h-11 rounded-lg bg-brand-700 px-5 py-3 font-semibold text-white hover:bg-brand-800">
              {buttonLabel}
            </button>
          </Form>
        </>
      )}
      <Link to={back.to} className="mt-6 inline-block font-semibold text-brand-700 underline underline-offset-2">
        {back.label}
      </Link>
    </section>
  );
}
