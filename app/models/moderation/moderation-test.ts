/** The moderation test page (spec 02 §2 '/moderation-test'), browser-safe: its categories, samples, schemas and texts. */
import * as z from "zod/mini";
import { keepLines, oneLine } from "~/lib/plain-text";
import { DESCRIPTION_MAX } from "~/models/ad/ad-form";

export const MODERATION_TEST_CATEGORIES = ["Carros", "Imóveis", "Celulares", "Roupas", "Motos", "Eletrônicos", "Móveis"] as const;

export const MODERATION_TEST_MESSAGES = {
  required: "Preencha a descrição e selecione uma categoria",
  imageRequired: "Informe o endereço da imagem e selecione uma categoria",
} as const;

/** The four sample cases the page offers: two clean ads, two that the rules catch. */
export const MODERATION_SAMPLES = [
  { label: "Carro usado (aprovado)", categoryName: "Carros", description: "Vendo Gol 1.0 2015, completo, 80 mil km, revisões em dia na concessionária. Aceito troca por moto." },
  { label: "Armário de cozinha (aprovado)", categoryName: "Móveis", description: "Armário de cozinha de madeira maciça, 6 portas, ótimo estado. Retirar no bairro Caiçaras." },
  { label: "Celular com pagamento adiantado (rejeitado)", categoryName: "Celulares", description: "iPhone 14 lacrado, preço imperdível. Pagamento adiantado via PIX e envio o código de verificação do WhatsApp." },
  { label: "Arma de fogo (rejeitado)", categoryName: "Eletrônicos", description: "Vendo revólver calibre 38 com munição, sem documentação." },
] as const;

const category = z.enum(MODERATION_TEST_CATEGORIES, MODERATION_TEST_MESSAGES.required);

export const moderationTextSchema = z.object({
  categoryName: category,
  // z.string(message): conform's form parsing turns an empty field into undefined, which must get the same message.
  description: z.string(MODERATION_TEST_MESSAGES.required).check(
    keepLines(),
    z.minLength(1, MODERATION_TEST_MESSAGES.required),
    z.maxLength(DESCRIPTION_MAX, `A descrição pode ter no máximo ${DESCRIPTION_MAX} caracteres`),
  ),
});

export const moderationImageSchema = z.object({
  categoryName: z.enum(MODERATION_TEST_CATEGORIES, MODERATION_TEST_MESSAGES.imageRequired),
  imageUrl: z.string(MODERATION_TEST_MESSAGES.imageRequired).check(oneLine(), z.minLength(1, MODERATION_TEST_MESSAGES.imageRequired), z.maxLength(2000, "Endereço longo demais")),
});

/** The page's line about the monthly AI quota the tests share with 'Gerar com IA' (administrators have none). */
export function moderationQuotaNote(usage: { remainingCalls: number; limit: number }) {
  if (usage.remainingCalls <= 0) return `Você já usou os ${usage.limit} usos de IA deste mês. Os testes voltam no início do próximo mês.`;
  const left = usage.remainingCalls === 1 ? "resta 1 uso" : `restam ${usage.remainingCalls} usos`;
  return `Cada teste usa a mesma cota mensal de IA da geração de descrições: ${left} de ${usage.limit} neste mês.`;
}

export const RECOMMENDATION_LABELS = { approved: "Aprovado", rejected: "Rejeitado", needs_review: "Revisão manual" } as const;
