/**
 * 'Recém-chegados' on the home page: the city's ads last put live, in the first HTML. A row that
 * scrolls sideways on a phone (so the featured list stays near the top), a grid from lg up. The same
 * card as the lists, its HTML kept on the server (ADR 016); its links go to the ad page.
 *
 * Left as the server sent it: these cards are plain links (no dialog), so hydrating them would only
 * cost a slow phone's main thread (Lighthouse on /, 3 runs each on a shared machine: TBT 372 ms with
 * them hydrated, 351 ms without, 255 ms before the section — noisy, but the direction is clear). The
 * document's data names them by id only (page-cards.ts), and when the page hydrates each <li> keeps the
 * server's markup (an empty `dangerouslySetInnerHTML` React does not compare in production;
 * `suppressHydrationWarning` for development). A list that arrives later (a client-side navigation to /,
 * another city) comes whole and is rendered here with the same AdCard.
 */
import { KEEP_SERVER_HTML, useServerParts } from "~/components/server-parts";
import { isCardInHtml, type PageCard } from "~/models/ad/ad";
import { AdCard } from "./AdCard";
import { AskForWholeCards, useCardsHtmlLost } from "./page-cards";

// On a phone small tiles (photo, title, price: tailwind.css .ad-tiles), so the row leaves room for the lists below.
const ITEM = "flex w-40 shrink-0 snap-start sm:w-72 lg:w-auto";
// The row is in a phone's first screen, two tiles across: their photos load at once, the first one (the
// page's largest paint on a phone) at high priority; the rest are lazy.
const FIRST_SCREEN_TILES = 2;

export function RecentArrivals({ ads, cityName }: { ads: PageCard[]; cityName: string }) {
  const server = useServerParts();
  const htmlLost = useCardsHtmlLost(ads);
  if (ads.length === 0) return null;
  if (htmlLost) return <AskForWholeCards />;
  return (
    <section aria-labelledby="recem-chegados" className="mx-auto max-w-7xl px-4 pb-4 sm:pb-8 lg:px-6">
      <h2 id="recem-chegados" className="text-lg font-bold text-slate-900 sm:text-xl">
        Recém-chegados
      </h2>
      <p className="text-sm text-slate-600">{`Os últimos anúncios publicados em ${cityName}`}</p>
      <ul data-testid="recent-arrivals" className="ad-tiles relative -mx-4 mt-2 flex gap-3 sm:mt-4 sm:gap-4 snap-x snap-mandatory overflow-x-auto px-4 pb-3 lg:mx-0 lg:grid lg:grid-cols-3 lg:overflow-visible lg:px-0 xl:grid-cols-4">
        {ads.map((ad, index) =>
          server ? (
            <li key={`h${ad.id}`} className={ITEM} dangerouslySetInnerHTML={{ __html: server.cardHtml(server.card(ad), index < FIRST_SCREEN_TILES, index === 0) }} />
          ) : isCardInHtml(ad) ? (
            // Its own key: whole cards that come later replace the kept <li>, never fill it.
            <li key={`h${ad.id}`} className={ITEM} dangerouslySetInnerHTML={KEEP_SERVER_HTML} suppressHydrationWarning />
          ) : (
            <li key={ad.id} className={ITEM}>
              <AdCard ad={ad} eager={index < FIRST_SCREEN_TILES} priority={index === 0} />
            </li>
          ),
        )}
      </ul>
    </section>
  );
}
