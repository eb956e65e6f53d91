/**
 * 'Recém-chegados' on the home page: the city's ads last put live, in the first HTML. A row that
 * scrolls sideways on a phone (so the featured list stays near the top), a grid from lg up. The same
 * card as the lists (with its kept HTML on the server, ADR 016); its links go to the ad page.
 */
import { useServerParts } from "~/components/server-parts";
import type { CardAd } from "~/models/ad/ad";
import { AdCard } from "./AdCard";

export function RecentArrivals({ ads, cityName }: { ads: CardAd[]; cityName: string }) {
  const server = useServerParts();
  if (ads.length === 0) return null;
  return (
    <section aria-labelledby="recem-chegados" className="mx-auto max-w-7xl px-4 pb-8 lg:px-6">
      <h2 id="recem-chegados" className="text-xl font-bold text-slate-900">
        Recém-chegados
      </h2>
      <p className="text-sm text-slate-600">{`Os últimos anúncios publicados em ${cityName}`}</p>
      <ul data-testid="recent-arrivals" className="-mx-4 mt-4 flex snap-x snap-mandatory gap-4 overflow-x-auto px-4 pb-3 lg:mx-0 lg:grid lg:grid-cols-3 lg:overflow-visible lg:px-0 xl:grid-cols-4">
        {ads.map((ad) =>
          server ? (
            <li key={ad.id} className="flex w-72 shrink-0 snap-start lg:w-auto" dangerouslySetInnerHTML={{ __html: server.cardHtml(ad, false, false) }} />
          ) : (
            <li key={ad.id} className="flex w-72 shrink-0 snap-start lg:w-auto">
              <AdCard ad={ad} />
            </li>
          ),
        )}
      </ul>
    </section>
  );
}
