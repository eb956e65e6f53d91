/**
 * The warning shown to the receiver above a risky message (issue #37, item 4): never a refusal (a buyer
 * may well send a phone number on purpose), only a "think twice". Browser-safe and pure, so the rule is
 * tested on a table (message-warning.test.ts). A message is risky when it carries what scams in Brazil's
 * classifieds run on: a link (fake payment pages), a phone number, e-mail, or the invitation to move the
 * talk elsewhere (away from the site's limits, blocks and reports), a PIX key or BR Code (payment before
 * seeing the product), or a known scam phrase (the WhatsApp verification-code theft, "pague o frete").
 */

export const MESSAGE_WARNING = "Cuidado: nunca pague antes de ver o produto, nunca passe códigos recebidos por SMS e desconfie de quem pede para sair do site.";

/** Lower case, without accents: "Código de Verificação" → "codigo de verificacao". */
function fold(text: string): string {
  return text.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase();
}

const LINK = /\bhttps?:\/\/|\bwww\.|\b[a-z0-9-]+\.(?:com|net|org|br|io|me|ly|app|link|xyz|info|site|online|shop|store|page|gl)\b(?:\/|$|\s)/i;
const EMAIL = /[\w.+-]+@[\w-]+\.[\w.-]+/;
/** A run of digits with a phone's separators only (no dot or comma, so "R$ 1.500.000,00" is a price). */
const DIGIT_RUN = /\+?[\d(][\d\s()-]*\d/g;
/** CPF, CNPJ or a random PIX key (a UUID), the keys people paste. */
const PIX_KEY = /\b\d{3}\.\d{3}\.\d{3}-\d{2}\b|\b\d{2}\.\d{3}\.\d{3}\/\d{4}-\d{2}\b|\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b/i;
/** A BR Code (PIX "copia e cola") starts with its payload format and names the PIX domain. */
const BR_CODE = /^000201|br\.gov\.bcb\.pix/im;

/** Phrases of the known scams, folded (see `fold`); each matched as whole words. */
const SCAM_PHRASES = [
  "codigo de verificacao",
  "codigo que chegou",
  "codigo que vai chegar",
  "codigo por sms",
  "pague o frete",
  "pagar o frete",
  "paga o frete",
  "sinal",
  "deposito antecipado",
  "pagamento antecipado",
  "adiantado",
  "link de pagamento",
  "me chama no",
  "chama no zap",
  "chama no whats",
  "me chame no",
  "whatsapp",
  "zap",
  "telegram",
  "chave pix",
  "pix:",
];
const SCAM = new RegExp(`(?:^|[^\\p{L}\\d])(?:${SCAM_PHRASES.map((phrase) => phrase.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")).join("|")})(?=$|[^\\p{L}\\d])`, "u");

function hasPhoneNumber(text: string): boolean {
  for (const run of text.match(DIGIT_RUN) ?? []) {
    const digits = run.replace(/\D/g, "").length;
    if (digits >= 8 && digits <= 13) return true;
  }
  return false;
}

/** The warning for a message's receiver, or null when the message carries nothing of the kind. */
export function messageWarning(text: string): string | null {
  const folded = fold(text);
  const risky = LINK.test(text) || EMAIL.test(text) || PIX_KEY.test(text) || BR_CODE.test(text) || hasPhoneNumber(text) || SCAM.test(folded);
  return risky ? MESSAGE_WARNING : null;
}
