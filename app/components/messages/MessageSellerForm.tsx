import { Form, Link } from "@remix-run/react";
import { MESSAGE_MAX } from "~/models/message/limits";

/**
 * 'Enviar mensagem' on an ad (its page and the dialog over the lists): a plain form post to
 * /anuncio/{id}/mensagem, the same with JavaScript or without. A visitor without an account is sent to
 * the login and comes back here with the text kept on the server (`draft`); a buyer already talking
 * about this ad also gets the link to the conversation ('Ver conversa'). The ad's owner cannot write to
 * their own ad (the server answers 400), so `own` shows them 'Ver mensagens' instead of the form.
 */
export function MessageSellerForm({
  adId,
  own = false,
  conversationId = null,
  draft = null,
  draftToken = null,
}: {
  adId: number;
  own?: boolean;
  conversationId?: number | null;
  draft?: string | null;
  draftToken?: string | null;
}) {
  if (own) {
    return (
      <section id={`mensagem-${adId}`} aria-labelledby={`mensagem-titulo-${adId}`} className="rounded-xl border border-slate-200 p-4">
        <h3 id={`mensagem-titulo-${adId}`} className="text-sm font-bold uppercase tracking-wide text-slate-500">
          Mensagens
        </h3>
        <p className="mt-1 text-sm text-slate-600">Este anúncio é seu: as mensagens dos compradores chegam em Mensagens.</p>
        <Link to="/mensagens" className="mt-2 inline-flex min-h-11 items-center font-semibold text-brand-800 hover:underline">
          Ver mensagens
        </Link>
      </section>
    );
  }
  return (
    <section id={`mensagem-${adId}`} aria-labelledby={`mensagem-titulo-${adId}`} className="rounded-xl border border-slate-200 p-4">
      <h3 id={`mensagem-titulo-${adId}`} className="text-sm font-bold uppercase tracking-wide text-slate-500">
        Enviar mensagem
      </h3>
      <p className="mt-1 text-sm text-slate-600">Converse com o anunciante aqui no site, sem passar seu número.</p>
      {conversationId ? (
        <Link to={`/mensagens/${conversationId}`} className="mt-2 inline-flex min-h-11 items-center font-semibold text-brand-800 hover:underline">
          Ver conversa
        </Link>
      ) : null}
      <Form method="post" action={`/anuncio/${adId}/mensagem`} className="mt-2 flex flex-col gap-2">
        {draftToken ? <input type="hidden" name="rascunho" value={draftToken} /> : null}
        <label htmlFor={`mensagem-texto-${adId}`} className="sr-only">
          Mensagem
        </label>
        <textarea
          id={`mensagem-texto-${adId}`}
          name="text"
          required
          maxLength={MESSAGE_MAX}
          rows={3}
          defaultValue={draft ?? ""}
          placeholder="Olá! Ainda está disponível?"
          className="w-full rounded-lg border border-slate-300 px-3 py-2 text-base focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-600"
        />
        <button
          type="submit"
          className="inline-flex min-h-11 items-center justify-center rounded-lg bg-brand-700 px-5 py-2.5 font-semibold text-white hover:bg-brand-800 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:ring-offset-2"
        >
          Enviar mensagem
        </button>
      </Form>
    </section>
  );
}
