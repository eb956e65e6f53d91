/**
 * /admin/conversas/{id} — an admin reads a reported conversation (issue #37, item 4): only one a side
 * reported (any other is the same 404 as no conversation), and every reading is recorded
 * (models/message/moderation.server.ts). 'Suspender mensagens' of the reported person (or 'Retirar
 * suspensão', posted to /admin/mensagens-suspensas/{id}), or 'Descartar'.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { LiftSuspensionForm } from "~/components/admin/ReportedConversations";
import { formatDateTimeBR } from "~/lib/dates";
import { parseId } from "~/lib/parse-id";
import { MESSAGE_MESSAGES } from "~/models/message/message";
import { readReportedConversation, resolveConversationReport } from "~/models/message/moderation.server";
import { requireAdminPage } from "~/web/admin.server";
import { NO_STORE, notFoundPage, readFormData } from "~/web/http.server";
import { toast } from "~/web/toast.server";

export const meta: MetaFunction = () => [{ title: "Conversa denunciada | Administração" }];

export async function loader({ request, params }: LoaderFunctionArgs) {
  const admin = await requireAdminPage(request);
  const id = parseId(params.id);
  const read = id === null ? null : readReportedConversation(admin.id, id);
  if (!read) throw notFoundPage(MESSAGE_MESSAGES.conversationNotFound);
  return data(read, { headers: NO_STORE });
}

export async function action({ request, params }: ActionFunctionArgs) {
  await requireAdminPage(request);
  const id = parseId(params.id);
  const intent = (await readFormData(request)).get("intent");
  if (id === null || (intent !== "suspend" && intent !== "dismiss")) throw notFoundPage(MESSAGE_MESSAGES.conversationNotFound);
  const outcome = resolveConversationReport(id, intent);
  if (!outcome.ok) throw notFoundPage(outcome.message);
  return toast.redirectWithSuccess("/admin/moderation#conversas", { message: outcome.message });
}

export default function ReportedConversationPage() {
  const { conversation, messages } = useLoaderData<typeof loader>();
  return (
    <section className="flex flex-col gap-4">
      <Link to="/admin/moderation#conversas" className="text-sm font-semibold text-brand-800 hover:underline">
        ← Conversas denunciadas
      </Link>
      <h1 className="text-2xl font-extrabold text-slate-900">Conversa denunciada: {conversation.adTitle}</h1>
      <p className="text-sm text-slate-700">
        Denunciada por {conversation.reporter} em {formatDateTimeBR(new Date(conversation.reportedAt))}: “{conversation.reason}”
      </p>
      <ol className="flex flex-col gap-2" data-testid="reported-messages">
        {messages.map((message) => (
          <li key={message.id} className="rounded-lg border border-slate-200 p-3">
            <p className="text-xs text-slate-500">
              {message.from} · {formatDateTimeBR(new Date(message.createdAt))}
            </p>
            <p className="whitespace-pre-line break-words text-slate-900">{message.text}</p>
          </li>
        ))}
      </ol>
      <div className="flex flex-wrap gap-2">
        {conversation.reported.id !== null && !conversation.reported.suspended ? (
          <Form method="post">
            <input type="hidden" name="intent" value="suspend" />
            <button type="submit" className="min-h-11 rounded-lg bg-red-700 px-4 font-semibold text-white hover:bg-red-800">
              Suspender mensagens de {conversation.reported.label}
            </button>
          </Form>
        ) : null}
        {conversation.reported.id !== null && conversation.reported.suspended ? (
          <LiftSuspensionForm userId={conversation.reported.id} back={`/admin/conversas/${conversation.id}`} />
        ) : null}
        <Form method="post">
          <input type="hidden" name="intent" value="dismiss" />
          <button type="submit" className="min-h-11 rounded-lg border border-slate-300 px-4 font-semibold text-slate-800 hover:bg-slate-50">
            Descartar denúncia
          </button>
        </Form>
      </div>
    </section>
  );
}
