/**
 * One ad (`getAdForViewer` for /anuncio/{id}; `getAdForApi`, the same plus adCost — and, while the
 * fraud signals hold it, reviewReasons — for its owner and admins, for GET /api/ads/{id} and the
 * create and update answers). A non-public ad is visible only to its owner and to admins.
 */
import { asc, eq } from "drizzle-orm";
import { db } from "~/db/client.server";
import { ads, characteristics } from "~/db/schema";
import { centsToDecimalString } from "~/lib/money";
import { effectiveStatus, type AdDetail, type AdStatus, type Viewer } from "~/models/ad/ad";
import { cardColumns, imagesByAd, toPublicAd, withAdNames, type CardRow } from "~/models/ad/card.server";
import { displayCharacteristicValue } from "~/models/ad/characteristic-values";
import { reviewReasons, type FraudSignal } from "~/models/ad/fraud-signals";
import { isPubliclyVisible } from "~/models/ad/visibility.server";

/**
 * The full ad, or null when it does not exist or the viewer may not see it: anyone sees a public
 * (active, unexpired) ad; only the owner and admins see it in any other status.
 */
export function getAdForViewer(id: number, viewer: Viewer, now: Date = new Date()): AdDetail | null {
  return loadAd(id, viewer, now)?.ad ?? null;
}

/**
 * The ad as the JSON API answers it (GET /api/ads/{id} and the create and update answers): the same
 * ad, plus what it cost (adCost, a decimal string like price) when the viewer is its owner or an admin.
 * What an advertiser paid is theirs to know, so public viewers and the public page never get it.
 */
export function getAdForApi(id: number, viewer: Viewer, now: Date = new Date()): (AdDetail & { adCost?: string; reviewReasons?: string[] }) | null {
  const found = loadAd(id, viewer, now);
  if (!found) return null;
  const manages = viewer !== null && (viewer.isAdmin || viewer.id === found.ad.userId);
  if (!manages) return found.ad;
  // Why the fraud signals hold it (ADR 020), as the dashboard says it: the owner learns it here too.
  const held = reviewReasons(found.ad.status, found.fraudSignals);
  return { ...found.ad, adCost: centsToDecimalString(found.adCostCents), ...(held.length ? { reviewReasons: held } : {}) };
}

function loadAd(id: number, viewer: Viewer, now: Date): { ad: AdDetail; adCostCents: number; fraudSignals: FraudSignal[] | null } | null {
  const row = withAdNames(
    db
      .select({
        ...cardColumns,
        status: ads.status,
        condition: ads.condition,
        userId: ads.userId,
        updatedAt: ads.updatedAt,
        adCostCents: ads.adCostCents,
        fraudSignals: ads.fraudSignals,
      })
      .from(ads)
      .$dynamic(),
  )
    .where(eq(ads.id, id))
    .get() as (CardRow & { status: AdStatus; condition: string; userId: number; updatedAt: Date; adCostCents: number; fraudSignals: FraudSignal[] | null }) | undefined;
  if (!row) return null;
  if (!isPubliclyVisible(row, now) && !(viewer && (viewer.isAdmin || viewer.id === row.userId))) return null;

  const card = toPublicAd(row, imagesByAd([row.id]).get(row.id) ?? [], now);
  const ad: AdDetail = {
    ...card,
    status: effectiveStatus(row, now),
    condition: row.condition,
    userId: row.userId,
    characteristicItems: characteristicItems(row.categoryId, card.characteristics),
    updatedAt: row.updatedAt.toISOString(),
  };
  return { ad, adCostCents: row.adCostCents, fraudSignals: row.fraudSignals };
}

/** The ad's characteristic values with their labels, defined ones first (in definition order), then any others. */
function characteristicItems(categoryId: number, values: Record<string, string>) {
  const definitions = db
    .select({ name: characteristics.name, label: characteristics.label, dataType: characteristics.dataType })
    .from(characteristics)
    .where(eq(characteristics.categoryId, categoryId))
    .orderBy(asc(characteristics.id))
    .all();
  const items: { key: string; label: string; value: string }[] = [];
  const seen = new Set<string>();
  for (const definition of definitions) {
    const value = values[definition.name];
    seen.add(definition.name);
    if (value === undefined || String(value).trim() === "") continue;
    items.push({ key: definition.name, label: definition.label, value: displayCharacteristicValue(String(value), definition.dataType) });
  }
  for (const [key, value] of Object.entries(values)) {
    if (seen.has(key) || String(value).trim() === "") continue;
    items.push({ key, label: key, value: String(value) });
  }
  return items;
}
