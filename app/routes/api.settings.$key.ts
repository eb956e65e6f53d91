/**
 * GET /api/settings/{key}: the public settings (ad_price_per_day, ad_boost_price_per_day) → {key, value, description}.
 * PUT /api/settings/{key} (admins): {value} — for either price per day a price above zero ("2.50", 2.5,
 * "2,50"); otherwise 400 {message: 'Erro na validação', details: ['Por favor, insira um preço válido
 * maior que zero.']}. 401 without a session, 403 for a non-admin, 404 for a key that cannot be set.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { adPriceSchema, isEditableSetting, SETTING_MESSAGES } from "~/models/setting/setting";
import { readPriceSetting, setPricePerDayCents } from "~/models/setting/setting.server";
import { requireAdmin } from "~/web/auth.server";
import { jsonError, methodNotAllowed, NO_STORE, readJsonObject } from "~/web/http.server";

export function loader({ params }: LoaderFunctionArgs) {
  const key = params.key ?? "";
  // The editable settings are the public ones (prices); anything else is simply not found here.
  const setting = isEditableSetting(key) ? readPriceSetting(key) : null;
  if (!setting) return jsonError(404, SETTING_MESSAGES.notFound);
  return Response.json({ key: setting.key, value: setting.value, description: setting.description });
}

export async function action({ request, params }: ActionFunctionArgs) {
  if (request.method !== "PUT") return methodNotAllowed("GET, PUT");
  await requireAdmin(request);
  const key = params.key ?? "";
  if (!isEditableSetting(key)) return jsonError(404, SETTING_MESSAGES.notFound);
  const parsed = adPriceSchema.safeParse(await readJsonObject(request));
  if (!parsed.success) return jsonError(400, SETTING_MESSAGES.invalidTitle, [parsed.error.issues[0]?.message ?? SETTING_MESSAGES.invalidPrice]);
  const saved = setPricePerDayCents(key, parsed.data.value);
  return Response.json({ message: SETTING_MESSAGES.updated, key: saved.key, value: saved.value, description: saved.description }, { headers: NO_STORE });
}
