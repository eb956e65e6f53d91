import { Icon } from "~/components/Icon";
import { SELLER_SAFETY } from "~/models/ad/seller-safety";

/** The fake-receipt scam, told to sellers where they manage their ads (the text is the model's, shared with the receipt e-mail). */
export function SellerSafetyTips() {
  return (
    <aside aria-labelledby="seguranca-vendedor" className="rounded-xl border border-sky-200 bg-sky-50 p-4 text-sm text-sky-950">
      <h2 id="seguranca-vendedor" className="flex items-start gap-2 font-bold leading-snug">
        <Icon name="shield-check" className="mt-0.5 h-4 w-4 shrink-0 text-sky-700" />
        {SELLER_SAFETY.title}
      </h2>
      <ul className="mt-2 list-disc space-y-1 pl-6 leading-snug">
        {SELLER_SAFETY.tips.map((tip) => (
          <li key={tip}>{tip}</li>
        ))}
      </ul>
    </aside>
  );
}
