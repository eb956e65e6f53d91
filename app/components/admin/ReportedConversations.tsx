import { Form, Link } from "@remix-run/react";
import { formatDateTimeBR } from "~/lib/dates";
import type { ReportedConversationItem, ConversationReadingItem, SuspendedAccountItem } from "~/models/message/message";

/**
 * 'Conversas denunciadas' in /admin/moderation (issue #37): each reported conversation with its reason,
 * to open (the reading is recorded), the accounts whose messages are suspended with 'Retirar suspensão',
 * and the audit list of the latest readings.
 */
export function ReportedConversations({
  items,
  suspended,
  readings,
}: {
  items: ReportedConversationItem[];
  suspended: SuspendedAccountItem[];
  readings: ConversationReadingItem[];
}) {
  return (
    <section id="conversas" aria-labelledby="conversas-titulo" className="mt-8">
      <h2 id="conversas-titulo" className="text-xl font-bold text-slate-900">
        Conversas denunciadas
      </h2>
      {items.length === 0 ? (
        <p className="mt-2 text-sm text-slate-600">Nenhuma conversa denunciada.</p>
      ) : (
        <ul className="mt-3 divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white">
          {items.map((item) => (
            <li key={item.id} className="flex flex-col gap-1 p-3 sm:flex-row sm:items-center sm:justify-between">
              <span className="min-w-0">
                <span className="block font-semibold text-slate-900">{item.adTitle}</span>
                <span className="block text-sm text-slate-700">
                  “{item.reason}” — por {item.reporter}, {formatDateTimeBR(new Date(item.reportedAt))}
                </span>
                <span className="block text-sm text-slate-600">
                  Denunciado: {item.reported.label}
                  {item.reported.suspended ? " (mensagens suspensas)" : ""}
                </span>
              </span>
              <Link to={`/admin/conversas/${item.id}`} className="min-h-11 shrink-0 rounded-lg border border-slate-300 px-4 py-2.5 text-sm font-semibold text-slate-800 hover:bg-slate-50">
                Ler conversa
              </Link>
            </li>
          ))}
        </ul>
      )}
      <h3 id="suspensas" className="mt-5 text-lg font-bold text-slate-900">
        Mensagens suspensas
      </h3>
      {suspended.length === 0 ? (
        <p className="mt-2 text-sm text-slate-600">Nenhuma conta com mensagens suspensas.</p>
      ) : (
        <ul className="mt-2 divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white" data-testid="suspended-accounts">
          {suspended.map((account) => (
            <li key={account.id} className="flex flex-col gap-1 p-3 sm:flex-row sm:items-center sm:justify-between">
              <span className="min-w-0 text-sm text-slate-800">
                {account.label} — suspensa em {formatDateTimeBR(new Date(account.suspendedAt))}
              </span>
              <LiftSuspensionForm userId={account.id} back="/admin/moderation#suspensas" />
            </li>
          ))}
        </ul>
      )}
      <details className="mt-3">
        <summary className="cursor-pointer text-sm font-semibold text-slate-700">Leituras de conversas (auditoria)</summary>
        <ul className="mt-2 text-sm text-slate-700" data-testid="conversation-readings">
          {readings.map((reading) => (
            <li key={reading.id}>
              {formatDateTimeBR(new Date(reading.readAt))} — {reading.admin} leu a conversa {reading.conversationId}
            </li>
          ))}
        </ul>
      </details>
    </section>
  );
}

/** 'Retirar suspensão' of an account's messages: a plain form post (JS on or off), back to `back`. */
export function LiftSuspensionForm({ userId, back }: { userId: number; back: string }) {
  return (
    <Form method="post" action={`/admin/mensagens-suspensas/${userId}`}>
      <input type="hidden" name="voltar" value={back} />
      <button type="submit" className="min-h-11 shrink-0 rounded-lg border border-slate-300 px-4 py-2.5 text-sm font-semibold text-slate-800 hover:bg-slate-50">
        Retirar suspensão
      </button>
    </Form>
  );
}
