/**
 * /admin/settings ('Configurações' of /admin): the per-day ad price (spec 02 §2, §5) and the per-day boost
 * price (ADR 037) — above zero, or
 * 'Erro na validação' / 'Por favor, insira um preço válido maior que zero.' — and the PDF report.
 * The price is read from the database on every request, so every worker charges it from the next ad on.
 */
import { parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { ExportPdfButton } from "~/components/admin/ExportPdfButton";
import { PriceForm } from "~/components/admin/PriceForm";
import { ActionToast, Card, PageHeader } from "~/components/admin/ui";
import { centsToDecimalString, formatBRL } from "~/lib/money";
import { AD_BOOST_PRICE_PER_DAY, AD_PRICE_PER_DAY, adPriceSchema, SETTING_MESSAGES } from "~/models/setting/setting";
import { getAdPricePerDayCents, getBoostPricePerDayCents, setPricePerDayCents } from "~/models/setting/setting.server";
import { requireAdminPage } from "~/web/admin.server";
import { formFailure, readFormData } from "~/web/http.server";
import { toast } from "~/web/toast.server";

export const meta: MetaFunction = () => [{ title: "Configurações | Administração" }];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdminPage(request);
  return { priceCents: getAdPricePerDayCents(), boostPriceCents: getBoostPricePerDayCents() };
}

export async function action({ request }: ActionFunctionArgs) {
  await requireAdminPage(request);
  const formData = await readFormData(request);
  const setting = formData.get("intent") === "boost_price" ? AD_BOOST_PRICE_PER_DAY : AD_PRICE_PER_DAY;
  const submission = parseWithZod(formData, { schema: adPriceSchema });
  if (submission.status !== "success") return formFailure(submission, SETTING_MESSAGES.invalidTitle, undefined, { setting });
  setPricePerDayCents(setting, submission.value.value);
  const label = setting === AD_BOOST_PRICE_PER_DAY ? "Preço por dia de impulso" : "Preço por dia";
  return toast.redirectWithSuccess("/admin/settings", { message: SETTING_MESSAGES.updated, description: `${label}: ${formatBRL(submission.value.value)}` });
}

export default function AdminSettings() {
  const { priceCents, boostPriceCents } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <>
      <PageHeader title="Configurações" />
      <ActionToast data={actionData} />
      <div className="grid max-w-3xl gap-5">
        <Card id="preco" title="Preço por dia de anúncio">
          <p className="mb-3 text-sm text-slate-600">
            Atual: <strong className="text-slate-900">{formatBRL(priceCents)}</strong> por dia.
          </p>
          <PriceForm
            key={priceCents}
            lastResult={actionData?.setting === AD_PRICE_PER_DAY ? actionData.result : undefined}
            current={centsToDecimalString(priceCents).replace(".", ",")}
          />
        </Card>
        <Card id="preco-impulso" title="Preço por dia de impulso">
          <p className="mb-3 text-sm text-slate-600">
            Atual: <strong className="text-slate-900">{formatBRL(boostPriceCents)}</strong> por dia de &lsquo;Impulsionar&rsquo;.
          </p>
          <PriceForm
            key={`boost-${boostPriceCents}`}
            setting={AD_BOOST_PRICE_PER_DAY}
            lastResult={actionData?.setting === AD_BOOST_PRICE_PER_DAY ? actionData.result : undefined}
            current={centsToDecimalString(boostPriceCents).replace(".", ",")}
          />
        </Card>
        <Card id="relatorio" title="Relatório em PDF">
          <p className="mb-3 text-sm text-slate-600">Os números do site — anúncios, status, categorias, receita por dia e por mês — num arquivo para guardar ou imprimir.</p>
          <ExportPdfButton />
        </Card>
      </div>
    </>
  );
}
