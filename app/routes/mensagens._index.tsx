/**
 * /mensagens — the signed-in person's conversations, newest first (issue #37): the ad's photo and
 * title, the other side's public name, the last message and how many wait unread. Read from
 * `conversations` alone (models/message/conversations.server.ts `inbox`).
 */
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { formatDateTimeBR } from "~/lib/dates";
import { inbox, INBOX_PAGE } from "~/models/message/conversations.server";
import { requireUser } from "~/web/auth.server";
import { NO_STORE } from "~/web/http.server";

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  // The next page starts after the last one shown: `antes={its time in ms}-{its id}` (a bare time, from older links, still works).
  const cursor = /^(\d{1,15})(?:-(\d{1,15}))?$/.exec(new URL(request.url).searchParams.get("antes") ?? "");
  const conversations = inbox(user.id, cursor ? { before: new Date(Number(cursor[1])), beforeId: cursor[2] ? Number(cursor[2]) : undefined } : {});
  const last = conversations.at(-1);
  const next = conversations.length === INBOX_PAGE && last ? `/mensagens?antes=${new Date(last.lastMessage.createdAt).getTime()}-${last.id}` : null;
  return data({ conversations, next }, { headers: NO_STORE });
}

export const meta: MetaFunction = () => [{ title: "Mensagens | Classificados Patos" }, { name: "robots", content: "noindex" }];

export default function InboxPage() {
  const { conversations, next } = useLoaderData<typeof loader>();
  return (
    <section className="mx-auto max-w-2xl px-4 py-4 sm:py-8">
      <h1 className="text-2xl font-extrabold tracking-tight text-slate-900">Mensagens</h1>
      {conversations.length === 0 ? (
        <p className="mt-4 text-slate-600">Nenhuma conversa ainda. Para falar com um anunciante, use "Enviar mensagem" na página do anúncio.</p>
      ) : (
        <ul className="mt-4 divide-y divide-slate-200 rounded-xl border border-slate-200" data-testid="inbox">
          {conversations.map((conversation) => (
            <li key={conversation.id}>
              <Link to={`/mensagens/${conversation.id}`} className="flex min-h-16 items-center gap-3 p-3 hover:bg-slate-50">
                {conversation.ad.primaryImageUrl ? (
                  <img src={conversation.ad.primaryImageUrl} alt="" width={48} height={48} loading="lazy" className="h-12 w-12 shrink-0 rounded-lg object-cover" />
                ) : (
                  <span className="h-12 w-12 shrink-0 rounded-lg bg-slate-100" aria-hidden="true" />
                )}
                <span className="min-w-0 flex-1">
                  <span className="block truncate font-semibold text-slate-900">{conversation.ad.title}</span>
                  <span className="block truncate text-sm text-slate-700">{conversation.other.name}</span>
                  <span className="block truncate text-sm text-slate-500">
                    {conversation.lastMessage.fromMe ? "Você: " : ""}
                    {conversation.lastMessage.text}
                  </span>
                </span>
                <span className="flex shrink-0 flex-col items-end gap-1">
                  <span className="text-xs text-slate-500">{formatDateTimeBR(new Date(conversation.lastMessage.createdAt))}</span>
                  {conversation.unread ? (
                    <span className="rounded-full bg-red-600 px-2 text-xs font-bold text-white" data-testid="conversation-unread">
                      {conversation.unread}
                      <span className="sr-only"> não lidas</span>
                    </span>
                  ) : null}
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
      {next ? (
        <Link to={next} className="mt-4 inline-block font-semibold text-brand-800 hover:underline">
          Conversas mais antigas
        </Link>
      ) : null}
    </section>
  );
}
