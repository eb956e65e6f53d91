/**
 * /anuncio/{id}/mensagem — what the ad's 'Enviar mensagem' form posts to (the page and the dialog; with
 * JavaScript or without, a plain form post): signed in, the message goes (models/message) and the
 * conversation opens; without an account, the text is kept on the server and the login brings the
 * visitor back to the ad with it (only a token in the address). A refusal shows here with the text kept.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { Link, useActionData } from "@remix-run/react";
import { MessageSellerForm } from "~/components/messages/MessageSellerForm";
import { parseId } from "~/lib/parse-id";
import { messageAboutAd } from "~/models/message/conversations.server";
import { dropMessageDraft, keepMessageDraft } from "~/models/message/drafts.server";
import { MESSAGE_MESSAGES, messageSchema } from "~/models/message/message";
import { assertNotCrossSite, clientIp, getOptionalUser } from "~/web/auth.server";
import { invalidForm, NO_STORE, notFoundPage, readFormData, retryAfterHeaders } from "~/web/http.server";
import { toast } from "~/web/toast.server";

// A refused message (429) tells the browser when to try again.
export { retryAfterPageHeaders as headers } from "~/web/http.server";

/** Nothing to show by address alone: the ad's page has the form. */
export function loader({ params }: LoaderFunctionArgs) {
  const id = parseId(params.id);
  if (id === null) throw notFoundPage();
  return redirect(`/anuncio/${id}`);
}

type Failure = { adId: number; message: string; text: string };

export async function action({ request, params, context }: ActionFunctionArgs) {
  assertNotCrossSite(request);
  const adId = parseId(params.id);
  if (adId === null) throw notFoundPage();
  const form = await readFormData(request);
  const raw = String(form.get("text") ?? "");
  const parsed = messageSchema.safeParse({ text: raw });
  if (!parsed.success) return invalidForm<Failure>({ adId, message: parsed.error.issues[0]?.message ?? MESSAGE_MESSAGES.textRequired, text: raw });
  const { text } = parsed.data;

  const user = await getOptionalUser(request);
  if (!user) {
    const kept = keepMessageDraft(adId, text, clientIp(request, context));
    if (!kept.ok && kept.status === 404) throw notFoundPage(kept.message);
    if (!kept.ok) return data<Failure>({ adId, message: kept.message, text }, { status: kept.status, headers: { ...NO_STORE, ...retryAfterHeaders(kept) } });
    const back = `/anuncio/${adId}?${new URLSearchParams({ mensagem: kept.token })}#mensagem-${adId}`;
    return toast.redirectWithInfo(`/login?${new URLSearchParams({ redirectTo: back })}`, { message: MESSAGE_MESSAGES.signInToSend });
  }
  const outcome = messageAboutAd(user.id, adId, text);
  if (!outcome.ok) {
    return data<Failure>({ adId, message: outcome.message, text }, { status: outcome.status, headers: { ...NO_STORE, ...retryAfterHeaders(outcome) } });
  }
  dropMessageDraft(String(form.get("rascunho") ?? ""));
  return toast.redirectWithSuccess(`/mensagens/${outcome.conversationId}`, { message: MESSAGE_MESSAGES.sent });
}

export const meta: MetaFunction = () => [{ title: "Enviar mensagem | Classificados Patos" }, { name: "robots", content: "noindex" }];

/** Shown only when the message did not go: the reason, and the form with the text kept. */
export default function MessageRefusedPage() {
  const failure = useActionData<typeof action>() as Failure | undefined;
  return (
    <section className="mx-auto max-w-xl px-4 py-8">
      <h1 className="text-2xl font-extrabold tracking-tight text-slate-900">{MESSAGE_MESSAGES.failedTitle}</h1>
      {failure ? (
        <>
          <p role="alert" className="mt-3 rounded-lg border border-red-200 bg-red-50 p-3 text-red-800">
            {failure.message}
          </p>
          <div className="mt-6">
            <MessageSellerForm adId={failure.adId} draft={failure.text} />
          </div>
          <Link to={`/anuncio/${failure.adId}`} className="mt-6 inline-block font-semibold text-brand-700 underline">
            Voltar ao anúncio
          </Link>
        </>
      ) : null}
    </section>
  );
}
