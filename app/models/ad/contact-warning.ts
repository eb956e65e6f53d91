/**
 * What a buyer can do with an ad that has no WhatsApp number (issue #36, item 5): today nothing — the ad
 * page says "Este anunciante não informou um WhatsApp" and shows no other contact. The wizard, the edit
 * page and the payment page say so before the seller pays. Reword it when another way to reach a seller
 * exists.
 */
export const NO_WHATSAPP_WARNING =
  "Sem WhatsApp, os compradores não terão como falar com você: o anúncio não mostra nenhum outro contato. Informe um número para receber mensagens.";
