/**
 * Above an ad's page (ADR 037): the "Impulsionado" badge while its boost runs, and for its owner, while
 * the ad is public, the links to buy days of boost ('Impulsionar') or days before it ends ('Prolongar').
 */
import { Link } from "@remix-run/react";
import { focusRing } from "~/components/focus-ring";
import { Icon } from "~/components/Icon";
import { formatDateBR } from "~/lib/date-br";
import { BOOSTED_BADGE } from "~/models/ad/boost";

const ownerLink = `inline-flex min-h-11 items-center justify-center gap-1.5 rounded-lg border border-slate-300 bg-white px-4 py-2 text-sm font-semibold text-slate-800 hover:bg-slate-50 ${focusRing}`;

export function BoostBar({ adId, boostedUntil, ownsLiveAd }: { adId: number; boostedUntil: string | null; ownsLiveAd: boolean }) {
  if (!boostedUntil && !ownsLiveAd) return null;
  return (
    <div className="mb-3 flex flex-wrap items-center gap-2">
      {boostedUntil ? (
        <span className="badge bg-violet-700 text-white" title={`Impulsionado até ${formatDateBR(new Date(new Date(boostedUntil).getTime() - 1))}`}>
          {BOOSTED_BADGE}
        </span>
      ) : null}
      {ownsLiveAd ? (
        <>
          <Link to={`/impulsionar/${adId}`} className={ownerLink}>
            <Icon name="megaphone" className="h-4 w-4" />
            Impulsionar
          </Link>
          <Link to={`/prolongar/${adId}`} className={ownerLink}>
            <Icon name="calendar-days" className="h-4 w-4" />
            Prolongar
          </Link>
        </>
      ) : null}
    </div>
  );
}
