/**
 * What the PIX option and the open PIX charge promise, by the gateway in use (issue #36, item 5). With
 * Asaas a paid PIX is confirmed by the gateway's webhook within seconds; with the local gateway the PIX
 * goes to the operator's own key and nothing tells the site it arrived: the ad is published only when
 * the operator checks the account and runs `npm run payments:confirm`. The page must not promise more.
 * The server says which (gateway.server.ts `pixConfirmation`).
 */
export type PixConfirmation = "automatic" | "manual";

export const PIX_CONFIRMATION_TEXT: Record<PixConfirmation, { option: string; lastStep: string; waiting: string }> = {
  automatic: {
    option: "Aprovação na hora, a qualquer hora.",
    lastStep: "Confirme: seu anúncio é publicado assim que o pagamento for confirmado.",
    waiting: "Verificando o pagamento automaticamente…",
  },
  manual: {
    option: "Confirmação manual: a equipe do site confere o recebimento e publica o anúncio.",
    lastStep: "Confirme no app do banco. A confirmação não é automática: a equipe do site confere o recebimento e então publica o anúncio.",
    waiting: "Aguardando a confirmação manual da equipe do site. Esta página se atualiza quando ela confirmar.",
  },
};
