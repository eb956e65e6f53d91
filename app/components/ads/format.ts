/** Display helpers for ads as the API sends them (price as "1800.00" or "", ISO dates). */
import { formatBRL } from "~/lib/brl";

/** "R$ 1.800,00"; "", "0", "0.00" or anything non-numeric is "A combinar" (spec 01 §5). */
export function formatAdPrice(price: string | null | undefined): string {
  const value = Number(price);
  return formatBRL(price && Number.isFinite(value) ? Math.round(value * 100) : null);
}

export const VIEWS_TOOLTIP = "As visualizações são contadas pelos cliques em Ver Detalhes";
