/**
 * /mensagens/{id} — one conversation and the reply form (issue #37). Only its two sides see it: anyone
 * else, admins included, gets the same 404 as no conversation. Opening it marks the other side's
 * messages read. The reply is a plain form post (then back here, so a reload does not send it again).
 */
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useEffect, useState } from "react";
import { MessageList } from "~/components/messages/MessageList";
import { usePolling } from "~/components/messages/use-polling";
import { formatAdPrice } from "~/components/ads/format";
import { parseId } from "~/lib/parse-id";
import { setBlock } from "~/models/message/blocks.server";
import { reportConversation } from "~/models/message/moderation.server";
import { openConversation, reply } from "~/models/message/conversations.server";
import { CONVERSATION_REPORT_MAX, MESSAGE_MAX, POLL_VISIBLE_MS } from "~/models/message/limits";
import { conversationReportSchema, MESSAGE_MESSAGES, messageSchema, type MessageView } from "~/models/message/message";
import { requireUser } from "~/web/auth.server";
import { invalidForm, NO_STORE, notFoundPage, readFormData, retryAfterHeaders } from "~/web/http.server";
import { toast } from "~/web/toast.server";

export { retryAfterPageHeaders as headers } from "~/web/http.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const id = parseId(params.id);
  const open = id === null ? null : openConversation(user.id, id);
  if (!open) throw notFoundPage(MESSAGE_MESSAGES.conversationNotFound);
  return data(open, { headers: NO_STORE });
}

type Failure = { message: string; text: string };

export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireUser(request);
  const id = parseId(params.id);
  if (id === null) throw notFoundPage(MESSAGE_MESSAGES.conversationNotFound);
  const form = await readFormData(request);
  const intent = form.get("intent");
  if (intent === "report") {
    const parsed = conversationReportSchema.safeParse({ reason: String(form.get("reason") ?? "") });
    if (!parsed.success) return toast.redirectWithError(`/mensagens/${id}`, { message: "Denúncia não enviada", description: parsed.error.issues[0]?.message ?? "" });
    const outcome = reportConversation(user.id, id, parsed.data.reason);
    if (!outcome.ok) throw notFoundPage(outcome.message);
    return toast.redirectWithSuccess(`/mensagens/${id}`, { message: outcome.message }, { headers: NO_STORE });
  }
  if (intent === "block" || intent === "unblock") {
    const outcome = setBlock(user.id, id, intent === "block");
    if (!outcome.ok) throw notFoundPage(outcome.message);
    return toast.redirectWithSuccess(`/mensagens/${id}`, { message: outcome.message }, { headers: NO_STORE });
  }
  const raw = String(form.get("text") ?? "");
  const parsed = messageSchema.safeParse({ text: raw });
  if (!parsed.success) return invalidForm<Failure>({ message: parsed.error.issues[0]?.message ?? MESSAGE_MESSAGES.textRequired, text: raw });
  const outcome = reply(user.id, id, parsed.data.text);
  if (!outcome.ok) {
    if (outcome.status === 404) throw notFoundPage(outcome.message);
    return data<Failure>({ message: outcome.message, text: parsed.data.text }, { status: outcome.status, headers: { ...NO_STORE, ...retryAfterHeaders(outcome) } });
  }
  return redirect(`/mensagens/${id}#m${outcome.message.id}`, { headers: NO_STORE });
}

export const meta: MetaFunction<typeof loader> = ({ data: open }) => [
  { title: open ? `${open.conversation.ad.title} — ${open.conversation.other.name} | Mensagens` : "Mensagens | Classificados Patos" },
  { name: "robots", content: "noindex" },
];

export default function ConversationPage() {
  const { conversation, messages: loaded } = useLoaderData<typeof loader>();
  // With JavaScript, new messages arrive without a reload (ADR 040); without it, a reload shows them.
  const [messages, setMessages] = useState(loaded);
  useEffect(() => setMessages(loaded), [loaded]);
  usePolling(async () => {
    const after = messages.at(-1)?.id;
    const response = await fetch(`/api/messages/${conversation.id}${after ? `?after=${after}` : ""}`, { credentials: "same-origin", cache: "no-store" });
    if (!response.ok) return;
    const { messages: newer } = (await response.json()) as { messages: MessageView[] };
    if (newer.length) setMessages((shown) => [...shown, ...newer.filter((message) => !shown.some((old) => old.id === message.id))]);
  }, POLL_VISIBLE_MS);
  const failure = useActionData<typeof action>() as Failure | undefined;
  const { ad } = conversation;
  return (
    <section className="mx-auto flex max-w-2xl flex-col gap-4 px-4 py-4 sm:py-8">
      <Link to="/mensagens" className="text-sm font-semibold text-brand-800 hover:underline">
        ← Mensagens
      </Link>
      <header className="rounded-xl border border-slate-200 p-3">
        <div className="flex items-start justify-between gap-2">
          <h1 className="text-lg font-bold text-slate-900">{conversation.other.name}</h1>
          <Form method="post">
            <input type="hidden" name="intent" value={conversation.blockedByMe ? "unblock" : "block"} />
            <button type="submit" className="min-h-11 rounded-lg border border-slate-300 px-3 text-sm font-semibold text-slate-700 hover:bg-slate-50">
              {conversation.blockedByMe ? "Desbloquear" : "Bloquear"}
            </button>
          </Form>
        </div>
        <p className="text-sm text-slate-600">
          {ad.id !== null && ad.available ? (
            <Link to={`/anuncio/${ad.id}`} className="font-medium text-brand-800 hover:underline">
              {ad.title}
            </Link>
          ) : (
            <span>{ad.title}</span>
          )}{" "}
          · {formatAdPrice(ad.price)}
          {ad.available ? null : <span className="ml-1 text-slate-500">(anúncio indisponível)</span>}
        </p>
      </header>
      <MessageList messages={messages} />
      {conversation.cannotSend ? (
        <p role="status" className="rounded-lg border border-slate-200 bg-slate-50 p-3 text-sm text-slate-700" data-testid="cannot-send">
          {conversation.cannotSend}
        </p>
      ) : (
        <Form method="post" className="flex flex-col gap-2">
          {failure ? (
            <p role="alert" className="rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-800">
              {failure.message}
            </p>
          ) : null}
          <label htmlFor="resposta" className="sr-only">
            Sua mensagem
          </label>
          <textarea
            id="resposta"
            name="text"
            required
            maxLength={MESSAGE_MAX}
            rows={3}
            defaultValue={failure?.text ?? ""}
            key={messages.at(-1)?.id ?? 0}
            placeholder="Escreva sua mensagem"
            className="w-full rounded-lg border border-slate-300 px-3 py-2 text-base focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-600"
          />
          <button
            type="submit"
            className="inline-flex min-h-11 items-center justify-center rounded-lg bg-brand-700 px-5 py-2.5 font-semibold text-white hover:bg-brand-800 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:ring-offset-2"
          >
            Enviar
          </button>
        </Form>
      )}
      <details className="rounded-xl border border-slate-200">
        <summary className="flex min-h-11 cursor-pointer items-center px-4 text-sm font-semibold text-red-800">Denunciar conversa</summary>
        <Form method="post" className="flex flex-col gap-2 border-t border-slate-200 p-4">
          <input type="hidden" name="intent" value="report" />
          <label htmlFor="motivo" className="text-sm font-medium text-slate-800">
            Motivo
          </label>
          <textarea id="motivo" name="reason" required minLength={3} maxLength={CONVERSATION_REPORT_MAX} rows={2} className="w-full rounded-lg border border-slate-300 px-3 py-2 text-base" />
          <button type="submit" className="min-h-11 rounded-lg border border-red-300 px-4 font-semibold text-red-800 hover:bg-red-50">
            Enviar denúncia
          </button>
        </Form>
      </details>
    </section>
  );
}
