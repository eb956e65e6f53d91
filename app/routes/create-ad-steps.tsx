/**
 * /create-ad-steps?edit={id} (the payment page's 'Voltar'): reopens the wizard on one of the user's ads
 * that still awaits payment; saving it rewrites that ad and goes back to its payment.
 */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { parseId } from "~/lib/id";
import { startDraftFromAd } from "~/models/ad/draft.server";
import { requireUser } from "~/web/auth.server";
import { toast } from "~/web/toast.server";

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const id = parseId(new URL(request.url).searchParams.get("edit"));
  if (id === null) throw redirect("/create-ad");
  if (!(await startDraftFromAd(user.id, id))) {
    throw await toast.redirectWithError("/create-ad", { message: "Anúncio não encontrado", description: "Só anúncios seus que aguardam pagamento podem ser reabertos aqui." });
  }
  throw redirect("/create-ad?step=1");
}
