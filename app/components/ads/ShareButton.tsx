import type { MouseEvent } from "react";
import { Icon } from "~/components/Icon";

const focusRing = "focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:ring-offset-2";

/** A WhatsApp share link for the ad's address: what 'Compartilhar' is without JavaScript (or without the Web Share API). */
export function whatsappShareLink(title: string, price: string, url: string) {
  return `https://wa.me/?text=${encodeURIComponent(`${title} — ${price}\n${url}`)}`;
}

/**
 * 'Compartilhar': the phone's own share sheet (Web Share API) when the browser has one, otherwise a
 * WhatsApp message with the ad's title, price and address.
 */
export function ShareButton({ title, price, url }: { title: string; price: string; url: string }) {
  const share = (event: MouseEvent<HTMLAnchorElement>) => {
    if (typeof navigator === "undefined" || typeof navigator.share !== "function") return;
    event.preventDefault();
    navigator.share({ title, text: `${title} — ${price}`, url }).catch(() => {
      // Dismissed, or refused by the browser: nothing to do.
    });
  };
  return (
    <a
      href={whatsappShareLink(title, price, url)}
      onClick={share}
      target="_blank"
      rel="noopener noreferrer"
      data-testid="share-button"
      className={`inline-flex min-h-12 items-center justify-center gap-2 rounded-lg border border-slate-300 bg-white px-4 py-2.5 font-semibold text-slate-800 hover:bg-slate-50 ${focusRing}`}
    >
      <Icon name="share-2" className="h-5 w-5" />
      <span className="sr-only sm:not-sr-only">Compartilhar</span>
    </a>
  );
}
