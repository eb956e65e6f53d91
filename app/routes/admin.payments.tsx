/**
 * /admin/payments ('Pagamentos' of /admin): the money owed back first ('Reembolsos pendentes':
 * payments that bought nothing, charges paid after we withdrew them), then every payment, newest
 * first, 30 a page (?pagina=2). 'Estornar' refunds a paid payment at the gateway, pauses its ad and
 * e-mails the payer (models/payment/refund.server.ts). GET ?estornar={id} is the confirmation the
 * 'Estornar' link opens without JavaScript (with it a dialog asks); nothing changes on a GET. With the
 * local gateway a refund sends no money: the page says so, and 'Devolvido manualmente' records when the
 * admin gave it back (models/payment/refund-by-hand.server.ts).
 */
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { z } from "zod";
import { PAYMENTS_PATH, PaymentCard, Pagination, PendingRefundCard, RefundConfirmation } from "~/components/admin/PaymentsAdmin";
import { ActionToast, Card, PageHeader } from "~/components/admin/ui";
import { Icon } from "~/components/Icon";
import { idSchema } from "~/lib/id";
import { formatBRL } from "~/lib/money";
import { parseId } from "~/lib/parse-id";
import { isLocalGateway } from "~/models/payment/gateway.server";
import { markReturnedByHand, RETURN_BY_HAND_MESSAGES } from "~/models/payment/refund-by-hand.server";
import { getPaymentForRefund, listPendingRefunds, listRecentPayments, refundPayment, REFUND_MESSAGES } from "~/models/payment/refund.server";
import { requireAdminPage } from "~/web/admin.server";
import { safeRedirect } from "~/web/auth.server";
import { NO_STORE, readFormData, type FailureToast } from "~/web/http.server";
import { toast } from "~/web/toast.server";

export const meta: MetaFunction = () => [{ title: "Pagamentos | Administração" }];

const refundSchema = z.object({
  intent: z.enum(["refund", "returned-by-hand"], { message: "Ação desconhecida" }),
  paymentId: idSchema,
  voltar: z.string().optional(),
});

/** Where to come back to: this page (keeping its ?pagina), never anywhere else. */
function backTo(value: FormDataEntryValue | string | null | undefined): string {
  const back = safeRedirect(value, PAYMENTS_PATH);
  const url = new URL(back, "http://x");
  if (url.pathname !== PAYMENTS_PATH) return PAYMENTS_PATH;
  url.searchParams.delete("estornar");
  return url.search ? `${PAYMENTS_PATH}${url.search}` : PAYMENTS_PATH;
}

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdminPage(request);
  const url = new URL(request.url);
  const page = parseId(url.searchParams.get("pagina")) ?? 1;
  const back = backTo(`${url.pathname}${url.search}`);
  const confirmId = url.searchParams.get("estornar");
  if (confirmId !== null) {
    const payment = parseId(confirmId) ? getPaymentForRefund(parseId(confirmId)!) : null;
    if (!payment) throw await toast.redirectWithError(back, { message: REFUND_MESSAGES.refundError, description: REFUND_MESSAGES.notFound });
    return data({ confirm: payment, back, page, byHand: isLocalGateway(), pending: [], recent: { rows: [], hasMore: false } }, { headers: NO_STORE });
  }
  return data({ confirm: null, back, page, byHand: isLocalGateway(), pending: listPendingRefunds(), recent: listRecentPayments(page) }, { headers: NO_STORE });
}

export async function action({ request }: ActionFunctionArgs) {
  const admin = await requireAdminPage(request);
  const form = await readFormData(request);
  const parsed = refundSchema.safeParse(Object.fromEntries(form));
  const back = backTo(form.get("voltar"));
  const failure = (status: number, description: string) => {
    const shown: FailureToast = { type: "error", message: REFUND_MESSAGES.refundError, description };
    return data({ toast: shown }, { status, headers: NO_STORE });
  };
  if (!parsed.success) return failure(400, parsed.error.issues[0]?.message ?? REFUND_MESSAGES.notFound);
  if (parsed.data.intent === "returned-by-hand") {
    const marked = markReturnedByHand(parsed.data.paymentId, admin.id);
    if (!marked.ok) return failure(marked.status, marked.message);
    return toast.redirectWithSuccess(back, { message: RETURN_BY_HAND_MESSAGES.marked, description: `Devolvido manualmente em ${marked.atText}.` });
  }
  const outcome = await refundPayment(parsed.data.paymentId, admin.id);
  // Refused: the toast travels in this response, which is the page a browser without JavaScript shows.
  if (!outcome.ok) return failure(outcome.status, outcome.message);
  const paused = outcome.adPaused ? "O anúncio foi pausado e o" : "O";
  return toast.redirectWithSuccess(back, {
    message: outcome.byHand ? REFUND_MESSAGES.recorded : REFUND_MESSAGES.refunded,
    description: outcome.byHand
      ? `Nenhum dinheiro foi enviado: devolva o valor a quem pagou e marque “Devolvido manualmente”. ${paused} pagador vai receber um e-mail.`
      : `${paused} pagador vai receber um e-mail.`,
  });
}

export default function AdminPayments() {
  const { confirm, back, page, byHand, pending, recent } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  if (confirm) {
    return (
      <>
        <PageHeader title="Pagamentos" back={{ to: back, label: "Voltar aos pagamentos" }} />
        <RefundConfirmation
          target={{ paymentId: confirm.id, amountText: confirm.amountText, methodLabel: confirm.methodLabel, payer: confirm.payer, ad: confirm.ad, refundDue: confirm.refundDue, byHand }}
          refusal={confirm.refusal}
          back={back}
        />
      </>
    );
  }
  const owedCents = pending.reduce((sum, item) => sum + item.amountCents, 0);
  return (
    <>
      <ActionToast data={actionData} />
      <PageHeader
        title="Pagamentos"
        description={
          byHand
            ? "Pagamentos dos anúncios e estornos. Com o gateway local, um estorno só registra a devolução e pausa o anúncio: o valor é devolvido por você, à mão."
            : "Pagamentos dos anúncios e estornos. Um estorno devolve o valor ao pagador e pausa o anúncio."
        }
      />

      <Card id="reembolsos" title="Reembolsos pendentes" className="mb-6">
        {pending.length === 0 ? (
          <p className="flex items-center gap-2 text-sm text-slate-700">
            <Icon name="circle-check" className="h-5 w-5 shrink-0 text-emerald-700" />
            Nenhum valor a devolver.
          </p>
        ) : (
          <>
            <p className="mb-3 text-sm text-slate-700">
              {pending.length === 1 ? "1 pagamento chegou" : `${pending.length} pagamentos chegaram`} sem comprar nenhum dia de publicação: {formatBRL(owedCents)} a
              devolver.
            </p>
            <ul className="space-y-3">
              {pending.map((item) => (
                <li key={item.key}>
                  <PendingRefundCard item={item} back={back} byHand={byHand} />
                </li>
              ))}
            </ul>
          </>
        )}
      </Card>

      <section aria-labelledby="recentes-titulo">
        <h2 id="recentes-titulo" className="mb-3 text-lg font-bold text-slate-900">
          Pagamentos recentes
        </h2>
        {recent.rows.length === 0 ? (
          <p className="rounded-2xl border border-dashed border-slate-300 bg-white p-6 text-center text-sm text-slate-700">Nenhum pagamento nesta página.</p>
        ) : (
          <ul className="grid gap-3 lg:grid-cols-2">
            {recent.rows.map((row) => (
              <li key={row.id} className="min-w-0">
                <PaymentCard row={row} back={back} byHand={byHand} />
              </li>
            ))}
          </ul>
        )}
        <Pagination page={page} hasMore={recent.hasMore} />
      </section>
    </>
  );
}
