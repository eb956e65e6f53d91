/**
 * What leaving the WhatsApp number empty means (issue #37, item 2): every public ad takes messages on
 * the site ('Enviar mensagem', models/message), so an ad without a number is still reachable, only not by
 * WhatsApp. The wizard, the edit page (the WhatsApp field) and the payment page say so before the seller pays.
 */
export const NO_WHATSAPP_WARNING = "Sem WhatsApp, os compradores falam com você por mensagens aqui no site.";
