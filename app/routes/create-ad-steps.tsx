/**
 * /create-ad-steps?edit={id} (the payment page's 'Voltar'): reopens the wizard on one of the user's ads
 * that still awaits payment; saving it rewrites that ad and goes back to its payment. The wizard holds
 * one draft per user: when another one with answers is in progress (a new ad, or the edit of another
 * ad), this page asks before replacing it, and the replacement is a POST.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { primaryButton, secondaryButton } from "~/components/ad-form/WizardShell";
import { formatDateTimeBR } from "~/lib/dates";
import { parseId } from "~/lib/parse-id";
import { AD_NOT_FOUND } from "~/models/ad/ad";
import { draftInTheWay, startDraftFromAd, unpaidAdOf } from "~/models/ad/draft.server";
import { requireUser } from "~/web/auth.server";
import { NO_STORE } from "~/web/http.server";
import { toast } from "~/web/toast.server";

export const meta: MetaFunction = () => [{ title: "Editar anúncio | Classificados Patos" }];

const notReopenable = () =>
  toast.redirectWithError("/create-ad", { message: AD_NOT_FOUND, description: "Só anúncios seus que aguardam pagamento podem ser reabertos aqui." });

const adIdOf = (request: Request) => parseId(new URL(request.url).searchParams.get("edit"));

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const id = adIdOf(request);
  if (id === null) throw redirect("/create-ad");
  const ad = unpaidAdOf(user.id, id);
  if (!ad) throw await notReopenable();
  const inTheWay = draftInTheWay(user.id, id);
  if (inTheWay) {
    return data({ adId: id, title: ad.title, editingOther: inTheWay.editAdId !== null, savedAt: inTheWay.updatedAt.toISOString() }, { headers: NO_STORE });
  }
  await startDraftFromAd(user.id, id);
  throw redirect("/create-ad?step=1");
}

/** 'Editar este anúncio' on the page below: the other draft goes, this ad's takes its place. */
export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request);
  const id = adIdOf(request);
  if (id === null) throw redirect("/create-ad");
  if (!(await startDraftFromAd(user.id, id))) throw await notReopenable();
  throw redirect("/create-ad?step=1");
}

export default function ReopenAd() {
  const { adId, title, editingOther, savedAt } = useLoaderData<typeof loader>();
  return (
    <div className="mx-auto w-full max-w-md px-4 py-10 sm:py-14">
      <div className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
        <h1 className="text-2xl font-extrabold tracking-tight text-slate-900">{editingOther ? "Outra edição em andamento" : "Anúncio em andamento"}</h1>
        <p className="mt-2 text-slate-600">
          Você começou {editingOther ? "a editar outro anúncio" : "um anúncio novo"} e não terminou (salvo em {formatDateTimeBR(new Date(savedAt))}).
          Editar <strong className="font-semibold text-slate-900">{title}</strong> agora descarta o que foi preenchido lá.
        </p>
        <div className="mt-6 flex flex-col gap-3">
          <Link to="/create-ad?step=1" className={primaryButton}>
            Continuar o que comecei
          </Link>
          <Form method="post" action={`/create-ad-steps?edit=${adId}`}>
            <button type="submit" className={`${secondaryButton} w-full`}>
              Descartar e editar este anúncio
            </button>
          </Form>
        </div>
      </div>
    </div>
  );
}
