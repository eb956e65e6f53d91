import { formatDateTimeBR } from "~/lib/dates";
import { SELLER_SAFETY } from "~/models/ad/seller-safety";
import type { MessageView } from "~/models/message/message";

/**
 * A conversation's messages, oldest first: one's own on the right. The text is plain (React escapes it:
 * HTML or a script shows as the characters typed, a link as text, never clickable), its lines kept.
 * Above a received message that carries a link, a number, a PIX key or a scam phrase, the warning and
 * the sellers' safety tips (models/message/message-warning.ts) — never a block.
 */
export function MessageList({ messages }: { messages: MessageView[] }) {
  if (!messages.length) return <p className="text-sm text-slate-600">Nenhuma mensagem ainda.</p>;
  return (
    <ol className="flex flex-col gap-3" data-testid="messages">
      {messages.map((message) => (
        <li key={message.id} id={`m${message.id}`} className={`flex flex-col ${message.fromMe ? "items-end" : "items-start"}`}>
          {message.warning ? (
            <div role="note" className="mb-1 max-w-[85%] rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950" data-testid="message-warning">
              <p className="font-semibold">{message.warning}</p>
              <details className="mt-1">
                <summary className="cursor-pointer font-medium underline">{SELLER_SAFETY.title}</summary>
                <ul className="mt-1 list-disc pl-5">
                  {SELLER_SAFETY.tips.map((tip) => (
                    <li key={tip}>{tip}</li>
                  ))}
                </ul>
              </details>
            </div>
          ) : null}
          <div
            className={`max-w-[85%] whitespace-pre-line break-words rounded-2xl px-3 py-2 ${message.fromMe ? "bg-brand-700 text-white" : "bg-slate-100 text-slate-900"}`}
            data-testid="message-text"
          >
            {message.text}
          </div>
          <span className="mt-0.5 text-xs text-slate-500">
            {message.fromMe ? "Você" : ""} {formatDateTimeBR(new Date(message.createdAt))}
            {message.fromMe && message.readAt ? " · lida" : ""}
          </span>
        </li>
      ))}
    </ol>
  );
}
