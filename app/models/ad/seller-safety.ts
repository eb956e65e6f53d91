/**
 * The seller's side of the safety tips, browser-safe: fake PIX receipts were 46 % of online-purchase
 * fraud in Brazil in 2024, and they target whoever is selling. One text, shown on /dashboard
 * (components/dashboard/SellerSafetyTips.tsx) and in the payment receipt e-mail (receipt.server.ts).
 */
export const SELLER_SAFETY = {
  title: "Vendeu? Confira o dinheiro antes de entregar",
  tips: [
    "Confirme todo PIX no aplicativo do seu banco. Comprovante, print ou mensagem não provam nada: são fáceis de falsificar.",
    "“PIX agendado” não é dinheiro recebido: quem agendou pode cancelar antes da data.",
    "Nunca entregue nem envie o produto antes de o valor aparecer no saldo da sua conta.",
  ],
} as const;

/** The same box as plain-text lines, for e-mails. */
export function sellerSafetyLines(): string[] {
  return [SELLER_SAFETY.title, ...SELLER_SAFETY.tips.map((tip) => `- ${tip}`)];
}
