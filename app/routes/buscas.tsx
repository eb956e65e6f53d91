/**
 * POST /buscas: 'Salvar busca' (the filter fields of /categories, as its page sends them) and, with
 * intent=remove and id, removing one from /conta. Signed in only: a visitor is sent to sign in and
 * back to the same search. Another user's search is not found, and stays. Rules: models/saved-search.
 *
 * Every answer is a redirect with a toast, refusals included: a page answer (4xx with the message)
 * never reached a browser without JavaScript, since Remix runs the loaders after the action and this
 * route's loader redirects (issue 32, finding 11).
 */
import type { ActionFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { parseId } from "~/lib/parse-id";
import { SAVED_SEARCH_MESSAGES } from "~/models/saved-search/saved-search";
import { removeSavedSearch, saveSearch, searchHref } from "~/models/saved-search/saved-searches.server";
import { assertNotCrossSite, getOptionalUser } from "~/web/auth.server";
import { readFormData } from "~/web/http.server";
import { ERROR_TOAST_MS, toast } from "~/web/toast.server";

/** The search's filters from the form: every field but the action's own. */
function searchParamsOf(form: FormData) {
  const params = new URLSearchParams();
  for (const [key, value] of form) if (typeof value === "string" && key !== "intent" && key !== "id") params.append(key, value);
  return params;
}

/** Back to `to` with the reason shown (the same for a page with or without JavaScript). */
const refuse = (to: string, reason: string) =>
  toast.redirectWithError(to, { message: SAVED_SEARCH_MESSAGES.refused, description: reason, duration: ERROR_TOAST_MS });

export function loader() {
  return redirect("/conta#buscas");
}

export async function action({ request }: ActionFunctionArgs) {
  assertNotCrossSite(request);
  const user = await getOptionalUser(request);
  const form = await readFormData(request);
  const params = searchParamsOf(form);
  if (!user) {
    // Back to the same list after signing in, where 'Salvar busca' is one tap away.
    const back = searchHref(params.toString());
    throw redirect(`/login?${new URLSearchParams({ redirectTo: back })}`);
  }
  if (form.get("intent") === "remove") {
    const id = parseId(form.get("id"));
    if (id === null) throw await refuse("/conta#buscas", SAVED_SEARCH_MESSAGES.invalid);
    if (!removeSavedSearch(user.id, id)) throw await refuse("/conta#buscas", SAVED_SEARCH_MESSAGES.notFound);
    throw await toast.redirectWithSuccess("/conta#buscas", SAVED_SEARCH_MESSAGES.removed);
  }
  const outcome = saveSearch(user.id, params);
  // The list the user was on stays in view, with why it was not saved.
  if (!outcome.ok) throw await refuse(searchHref(outcome.query), outcome.message);
  throw await toast.redirectWithSuccess(searchHref(outcome.query), { message: outcome.message, description: SAVED_SEARCH_MESSAGES.savedDescription });
}
