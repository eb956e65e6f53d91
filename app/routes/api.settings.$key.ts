import type { LoaderFunctionArgs } from "@remix-run/node";
import { jsonError } from "~/web/http.server";
import { getSetting } from "~/models/setting/setting.server";

/** Public settings only; anything else is simply not found here. */
const PUBLIC_KEYS = new Set(["ad_price_per_day"]);

export function loader({ params }: LoaderFunctionArgs) {
  const key = params.key ?? "";
  const setting = PUBLIC_KEYS.has(key) ? getSetting(key) : null;
  if (!setting) return jsonError(404, "Configuração não encontrada");
  return Response.json({ key: setting.key, value: setting.value, description: setting.description });
}
