import { Form } from "@remix-run/react";

const focusRing = "focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:ring-offset-2";

/**
 * One of /conta's e-mail switches ('Avisos de queda de preço', 'Avisos de mensagens por e-mail'): the
 * state in words and one button that turns it the other way (a plain form post with `intent` and `on`).
 */
export function MailSwitch({
  id,
  intent,
  texts,
  on,
  pending,
}: {
  /** The section's anchor; the state's test id is `${id}-state`. */
  id: string;
  intent: string;
  texts: { switchLabel: string; switchHelp: string };
  on: boolean;
  pending: boolean;
}) {
  return (
    <section id={id} aria-labelledby={`${id}-titulo`} className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6">
      <h2 id={`${id}-titulo`} className="text-lg font-bold text-slate-900">
        {texts.switchLabel}
      </h2>
      <p className="mt-1 text-sm text-slate-600">{texts.switchHelp}</p>
      <Form method="post" className="mt-4 flex flex-wrap items-center gap-3">
        <input type="hidden" name="intent" value={intent} />
        <input type="hidden" name="on" value={on ? "false" : "true"} />
        <span className="text-sm font-semibold text-slate-800" data-testid={`${id}-state`}>
          {on ? "Ativados" : "Desativados"}
        </span>
        <button
          type="submit"
          role="switch"
          aria-checked={on}
          aria-label={texts.switchLabel}
          disabled={pending}
          className={`min-h-11 rounded-lg border border-slate-300 px-4 text-sm font-semibold text-slate-800 hover:bg-slate-50 disabled:opacity-60 ${focusRing}`}
        >
          {on ? "Desativar" : "Ativar"}
        </button>
      </Form>
    </section>
  );
}
