/**
 * /payment/{adId}/recibo[?pagamento={paymentId}] — the printable receipt of the owner's ad: the
 * latest paid payment, or the one named. Amount, method, date (São Paulo), the ad, the payment id.
 */
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { isRouteErrorResponse, Link, useLoaderData, useRouteError } from "@remix-run/react";
import type { ReactNode } from "react";
import { Icon } from "~/components/Icon";
import { primaryButton, secondaryButton } from "~/components/payment/PaymentStatus";
import { useHydrated } from "~/components/use-hydrated";
import { parseId } from "~/lib/parse-id";
import { getReceipt } from "~/models/payment/receipt.server";
import { formatFee } from "~/models/payment/payment-form";
import { requireUser } from "~/web/auth.server";
import { NO_STORE, notFoundPage } from "~/web/http.server";

const NOT_FOUND = "Recibo não encontrado";

export const meta: MetaFunction<typeof loader> = ({ data: loaderData }) => [
  { title: loaderData ? `Recibo do pagamento nº ${loaderData.receipt.paymentId} | Classificados Patos` : `${NOT_FOUND} | Classificados Patos` },
  { name: "robots", content: "noindex" },
];

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const adId = parseId(params.id);
  const named = new URL(request.url).searchParams.get("pagamento");
  const paymentId = named === null ? null : parseId(named);
  const receipt = adId === null || (named !== null && paymentId === null) ? null : getReceipt({ adId, userId: user.id, paymentId });
  if (!receipt) throw notFoundPage(NOT_FOUND);
  return data({ receipt }, { headers: NO_STORE });
}

// Printing: only the receipt, without the site's header, footer and buttons.
const PRINT_CSS = "@media print { body > header, body > footer, body > a, [data-print-hidden] { display: none !important; } body { background: #fff; } }";

function Line({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-0.5 border-b border-slate-200 py-3 sm:flex-row sm:justify-between sm:gap-6">
      <dt className="text-sm text-slate-600">{label}</dt>
      <dd className="font-medium text-slate-900 sm:text-right">{children}</dd>
    </div>
  );
}

export default function ReceiptPage() {
  const { receipt } = useLoaderData<typeof loader>();
  const hydrated = useHydrated();
  return (
    <div className="mx-auto w-full max-w-2xl px-4 py-6 sm:py-10">
      <style>{PRINT_CSS}</style>
      <article aria-labelledby="recibo-title" className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm print:border-0 print:shadow-none sm:p-8">
        <header className="flex items-start justify-between gap-4 border-b border-slate-200 pb-4">
          <div>
            <p className="text-sm font-semibold uppercase tracking-wider text-brand-700">Classificados Patos</p>
            <h1 id="recibo-title" className="mt-1 text-2xl font-extrabold tracking-tight text-slate-900">
              Recibo de pagamento
            </h1>
          </div>
          <Icon name="receipt" className="h-8 w-8 text-brand-700" />
        </header>
        <p className="mt-4 text-slate-700">
          Recebemos {formatFee(receipt.amountCents)} pela publicação do anúncio abaixo.
          {receipt.payerName ? ` Pagador: ${receipt.payerName}.` : ""}
        </p>
        <dl className="mt-2">
          <Line label="Valor">
            <span className="text-xl font-extrabold">{formatFee(receipt.amountCents)}</span>
          </Line>
          <Line label="Forma de pagamento">{receipt.methodLabel}</Line>
          <Line label="Data do pagamento">
            <time dateTime={receipt.paidAt}>{receipt.paidAtText}</time> (horário de Brasília)
          </Line>
          <Line label="Situação">{receipt.statusLabel}</Line>
          <Line label="Anúncio">
            {receipt.adTitle} (nº {receipt.adId})
          </Line>
          {receipt.description ? <Line label="Descrição">{receipt.description}</Line> : null}
          <Line label="Pagamento nº">{receipt.paymentId}</Line>
        </dl>
      </article>
      <div data-print-hidden className="mt-6 flex flex-col gap-3 sm:flex-row">
        {hydrated ? (
          <button type="button" onClick={() => window.print()} className={primaryButton}>
            <Icon name="printer" className="h-5 w-5" />
            Imprimir
          </button>
        ) : null}
        <Link to={`/payment/${receipt.adId}`} className={secondaryButton}>
          <Icon name="arrow-left" className="h-5 w-5" />
          Voltar ao pagamento
        </Link>
        <Link to="/dashboard" className={secondaryButton}>
          <Icon name="layout-dashboard" className="h-5 w-5" />
          Ir para Dashboard
        </Link>
      </div>
    </div>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  const missing = isRouteErrorResponse(error) && error.status === 404;
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center px-4 py-16 text-center">
      <h1 className="text-3xl font-extrabold tracking-tight text-slate-900">{missing ? NOT_FOUND : "Algo deu errado"}</h1>
      <p className="mt-4 text-slate-600">{missing ? "Não há pagamento confirmado para este anúncio na sua conta." : "Tente novamente em instantes."}</p>
      <Link to="/" className={`${primaryButton} mt-8`}>
        Voltar ao Início
      </Link>
    </section>
  );
}
