import { centsToDecimalString } from "~/lib/money";
import { getAdPricePerDayCents } from "~/models/setting/setting.server";

export function loader() {
  return Response.json({ pricePerDay: centsToDecimalString(getAdPricePerDayCents()) });
}
