import { formatAdPrice } from "./format";
import { priceDropLabel } from "~/models/ad/price-drop";

/** Beside a price while a drop shows: the old price struck through and "Baixou R$ X" (issue #36, item 4). */
export function PriceDrop({ price, previousPrice }: { price: string; previousPrice: string }) {
  return (
    <span className="ms-2 inline-flex flex-wrap items-baseline gap-x-2 text-sm font-semibold" data-testid="price-drop">
      <span className="sr-only">, antes </span>
      <s className="text-slate-500">{formatAdPrice(previousPrice)}</s>
      <span className="rounded bg-emerald-100 px-1.5 py-0.5 text-emerald-900">{priceDropLabel(price, previousPrice)}</span>
    </span>
  );
}
