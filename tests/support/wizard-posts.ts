/**
 * The /create-ad wizard driven as plain form posts, as a browser without JavaScript sends them: shared
 * by the wizard's own tests and the payment tests that reopen an unpaid ad (/create-ad-steps?edit={id}).
 * Imports the app: load it after the test file has set its environment.
 */
import { action as wizardAction } from "~/routes/create-ad";
import { action as reopenAction } from "~/routes/create-ad-steps";
import { browser, categoryId, cityId, inDays, multipart, subcategoryId, urlencoded, type TestUser, type Upload } from "./ad-fixtures";
import { callRoute } from "./route";

export type Fields = Record<string, string | string[] | undefined>;

export function postStep(user: Pick<TestUser, "cookie">, step: 1 | 2 | 3, fields: Fields, files?: Upload[]) {
  const body = files ? multipart(fields as Record<string, string | string[]>, files) : urlencoded(fields);
  return callRoute(wizardAction, `/create-ad?step=${step}`, { init: { method: "POST", headers: browser(user as TestUser), body } });
}

export const location = (response: Response) => response.headers.get("Location");

export const step1 = (overrides: Fields = {}): Fields => ({
  adType: "Vender",
  cityId: String(cityId("Patos de Minas")),
  categoryId: String(categoryId("Veículos")),
  subcategoryId: String(subcategoryId("Veículos", "Carros")),
  intent: "next",
  ...overrides,
});

export const step2 = (overrides: Fields = {}): Fields => ({
  title: "Fiat Strada 2019",
  expirationDate: inDays(5),
  "characteristics.marca": "Fiat",
  "characteristics.ano": "2019",
  "characteristics.quilometragem": "85.000",
  "characteristics.unicoDono": "true",
  customName: ["Garantia"],
  customValue: ["3 meses de motor"],
  price: "R$ 78.500,00",
  whatsapp: "(34) 9 9988-7766",
  description: "Fiat Strada Freedom 1.3 2019, revisada, pneus novos.",
  intent: "create",
  ...overrides,
});

/** An unpaid ad of `user` made through the wizard, visible through today + `days`; its id. */
export async function unpaidAdThroughWizard(user: Pick<TestUser, "cookie">, days: number): Promise<number> {
  await postStep(user, 1, step1());
  await postStep(user, 2, step2({ intent: "photos", expirationDate: inDays(days) }));
  const created = await postStep(user, 3, { intent: "create" }, []);
  const target = location(created) ?? "";
  if (!/^\/payment\/\d+$/.test(target)) throw new Error(`the wizard did not create the ad: ${created.status} ${target}`);
  return Number(target.replace("/payment/", ""));
}

/** The owner reopens the unpaid ad from the payment page and saves it with a new last day; the wizard's answer. */
export async function reopenWithNewEnd(user: Pick<TestUser, "cookie">, adId: number, days: number): Promise<Response> {
  await callRoute(reopenAction, `/create-ad-steps?edit=${adId}`, { init: { method: "POST", headers: browser(user as TestUser) } });
  await postStep(user, 1, step1());
  await postStep(user, 2, step2({ intent: "photos", expirationDate: inDays(days) }));
  return postStep(user, 3, { intent: "create" }, []);
}
