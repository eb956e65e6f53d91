/**
 * Messages between a buyer and a seller (issue #37), the browser-safe half: the limits, the pt-BR
 * messages, the form's and the API's schemas, and the shapes the pages and the API share. The rules
 * are in the `.server.ts` modules beside it: conversations.server.ts (write, read, the inbox),
 * drafts.server.ts (a visitor's text kept while they sign in).
 */
import * as z from "zod/mini";
import { keepLines } from "~/lib/plain-text";
import { CONVERSATION_REPORT_MAX, MESSAGE_MAX } from "~/models/message/limits";

export { CONVERSATION_REPORT_MAX, MESSAGE_MAX, POLL_HIDDEN_MAX_MS, POLL_VISIBLE_MS, REMOVED_AD_CONVERSATION_DAYS, UNREAD_POLL_MS } from "~/models/message/limits";

/**
 * An account younger than this starts fewer conversations a day (a fresh account is a spammer's); the
 * numbers are the throttle's "message-start*" and "message" policies (models/account/throttle.server.ts).
 */
export const NEW_ACCOUNT_HOURS = 24;

/** The name of a side whose account was deleted. */
export const REMOVED_USER_NAME = "Usuário removido";
/** A buyer's name without a full name (a seller's is the site's "Anunciante"). */
export const BUYER_FALLBACK_NAME = "Comprador";

export const MESSAGE_MESSAGES = {
  textRequired: "Escreva a mensagem",
  textTooLong: `A mensagem pode ter até ${MESSAGE_MAX} caracteres`,
  adNotFound: "Anúncio não encontrado ou não está mais disponível para mensagens",
  conversationNotFound: "Conversa não encontrada",
  ownAd: "Você não pode enviar mensagem para o seu próprio anúncio",
  blocked: "Não é possível enviar mensagens para esta pessoa",
  youBlocked: "Você bloqueou esta pessoa. Desbloqueie para enviar mensagens.",
  suspended: "Suas mensagens foram suspensas pela moderação.",
  tooManyConversations: "Você iniciou muitas conversas hoje. Tente novamente mais tarde.",
  tooManyMessages: "Você enviou muitas mensagens nesta conversa. Aguarde um pouco para continuar.",
  tooManyDrafts: "Muitas mensagens deixadas sem entrar na conta. Aguarde um pouco ou entre na sua conta para continuar.",
  sent: "Mensagem enviada",
  blockedDone: "Pessoa bloqueada: ela não pode mais enviar mensagens para você.",
  unblockedDone: "Pessoa desbloqueada.",
  failedTitle: "Mensagem não enviada",
  reported: "Conversa denunciada. A moderação vai analisar.",
  reportDismissed: "Denúncia descartada",
  suspendedDone: "Mensagens suspensas: esta conta não envia novas mensagens até a suspensão ser retirada.",
  suspensionLifted: "Suspensão retirada: esta conta volta a enviar mensagens.",
  notSuspended: "Esta conta não está com as mensagens suspensas.",
  signInToSend: "Entre na sua conta para enviar a mensagem. O texto fica guardado.",
} as const;

/** 'Avisos de mensagens por e-mail' (/conta's switch, the e-mails' unsubscribe page; models/message/waiting-mail.server.ts). */
export const MESSAGE_MAIL_MESSAGES = {
  switchLabel: "Avisos de mensagens por e-mail",
  switchHelp: "Receba um e-mail quando uma mensagem ficar 5 minutos sem ser lida (no máximo um por conversa a cada hora).",
  switchOn: "Avisos de mensagens por e-mail ativados",
  switchOff: "Avisos de mensagens por e-mail desativados",
  badLink: "Link de cancelamento inválido.",
  unsubscribed: "Avisos de mensagens por e-mail cancelados",
  unsubscribedDescription: "Você não receberá mais e-mails quando uma mensagem ficar sem ser lida. Para voltar a receber, ative-os em Minha conta.",
} as const;

/** 'Denunciar conversa' (the page's form and POST /api/messages/{id}/report): `{ reason }`. */
export const conversationReportSchema = z.object({
  reason: z
    .string({ message: "Diga o motivo da denúncia" })
    .check(keepLines(), z.minLength(3, { message: "Diga o motivo da denúncia" }), z.maxLength(CONVERSATION_REPORT_MAX, { message: `O motivo pode ter até ${CONVERSATION_REPORT_MAX} caracteres` })),
});

/** The form's field and POST /api/ads/{id}/messages and /api/messages/{id}: `{ text }`, 1–1000 characters, lines kept. */
export const messageSchema = z.object({
  text: z
    .string({ message: MESSAGE_MESSAGES.textRequired })
    .check(keepLines(), z.minLength(1, { message: MESSAGE_MESSAGES.textRequired }), z.maxLength(MESSAGE_MAX, { message: MESSAGE_MESSAGES.textTooLong })),
});

export type MessageInput = z.output<typeof messageSchema>;

/** One message as the conversation's page and GET /api/messages/{id} show it. */
export type MessageView = {
  id: number;
  fromMe: boolean;
  text: string;
  createdAt: string;
  readAt: string | null;
  /** The safety warning shown to the receiver above a risky message (message-warning.ts), null otherwise and for one's own. */
  warning: string | null;
};

/** A conversation's head: the ad (null once removed: then its snapshot), the other person's public name. */
export type ConversationView = {
  id: number;
  ad: { id: number | null; title: string; price: string; available: boolean };
  other: { name: string };
  role: "buyer" | "seller";
  /** Why this person cannot send here, when they cannot (blocked, suspended, the other side gone). */
  cannotSend: string | null;
  /** This person blocked the other one ('Desbloquear' shows). */
  blockedByMe: boolean;
};

/** One line of /mensagens and GET /api/messages. */
export type InboxItem = {
  id: number;
  ad: { id: number | null; title: string; primaryImageUrl: string | null };
  other: { name: string };
  lastMessage: { text: string; createdAt: string; fromMe: boolean };
  unread: number;
};

/** A line of 'Conversas denunciadas' (models/message/moderation.server.ts). */
export type ReportedConversationItem = {
  id: number;
  adTitle: string;
  reason: string;
  reportedAt: string;
  reporter: string;
  /** The other side: the one whose messages may be suspended. */
  reported: { id: number | null; label: string; suspended: boolean };
};

/** A line of 'Mensagens suspensas' in /admin/moderation: the account (name and e-mail, for the admin) and since when. */
export type SuspendedAccountItem = { id: number; label: string; suspendedAt: string };

/** A line of the admins' readings (the audit list). */
export type ConversationReadingItem = { id: number; admin: string; conversationId: number; readAt: string };
