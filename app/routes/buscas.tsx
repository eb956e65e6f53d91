/**
 * POST /buscas: 'Salvar busca' (the filter fields of /categories, as its page sends them) and, with
 * intent=remove and id, removing one from /conta. Signed in only: a visitor is sent to sign in and
 * back to the same search. Another user's search is a 404, untouched. Rules: models/saved-search.
 */
import type { ActionFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { Link, useActionData } from "@remix-run/react";
import { parseId } from "~/lib/parse-id";
import { SAVED_SEARCH_MESSAGES } from "~/models/saved-search/saved-search";
import { removeSavedSearch, saveSearch, searchHref } from "~/models/saved-search/saved-searches.server";
import { assertNotCrossSite, getOptionalUser } from "~/web/auth.server";
import { readFormData } from "~/web/http.server";
import { toast } from "~/web/toast.server";

export const meta: MetaFunction = () => [{ title: "Buscas salvas | Classificados Patos" }, { name: "robots", content: "noindex" }];

/** The search's filters from the form: every field but the action's own. */
function searchParamsOf(form: FormData) {
  const params = new URLSearchParams();
  for (const [key, value] of form) if (typeof value === "string" && key !== "intent" && key !== "id") params.append(key, value);
  return params;
}

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
    if (id === null) return data({ message: SAVED_SEARCH_MESSAGES.invalid }, { status: 400 });
    if (!removeSavedSearch(user.id, id)) return data({ message: SAVED_SEARCH_MESSAGES.notFound }, { status: 404 });
    throw await toast.redirectWithSuccess("/conta#buscas", SAVED_SEARCH_MESSAGES.removed);
  }
  const outcome = saveSearch(user.id, params);
  if (!outcome.ok) return data({ message: outcome.message }, { status: outcome.status });
  throw await toast.redirectWithSuccess(searchHref(outcome.query), { message: outcome.message, description: SAVED_SEARCH_MESSAGES.savedDescription });
}

/** Shown only when a post is refused (the limit, a search that is not the user's). */
export default function SavedSearchRefused() {
  const answer = useActionData<typeof action>();
  return (
    <section className="mx-auto max-w-xl px-4 py-12 text-center">
      <h1 className="text-2xl font-extrabold text-slate-900">Não foi possível concluir</h1>
      <p role="alert" className="mt-3 text-slate-700">
        {answer?.message ?? SAVED_SEARCH_MESSAGES.invalid}
      </p>
      <div className="mt-6 flex flex-col justify-center gap-3 sm:flex-row">
        <Link to="/conta#buscas" className="rounded-lg bg-brand-700 px-5 py-3 font-semibold text-white hover:bg-brand-800">
          Minhas buscas salvas
        </Link>
        <Link to="/categories" className="rounded-lg border border-slate-300 bg-white px-5 py-3 font-semibold text-slate-800 hover:bg-slate-50">
          Voltar aos anúncios
        </Link>
      </div>
    </section>
  );
}
