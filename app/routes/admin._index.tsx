/** /admin: the overview — the four numbers of GET /api/stats, what waits for a person (the queue, ads with open reports), and the shortcuts. */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { ExportPdfButton } from "~/components/admin/ExportPdfButton";
import { Card, PageHeader, primaryButton, secondaryButton, StatCard, textLink } from "~/components/admin/ui";
import { Icon } from "~/components/Icon";
import { formatBRL } from "~/lib/money";
import { countReportedAds } from "~/models/moderation/report-review.server";
import { getAdminTotals } from "~/models/statistics/stats.server";
import { getAdPricePerDayCents } from "~/models/setting/setting.server";
import { requireAdminPage } from "~/web/admin.server";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdminPage(request);
  return { totals: getAdminTotals(), priceCents: getAdPricePerDayCents(), reported: countReportedAds() };
}

const n = (value: number) => value.toLocaleString("pt-BR");

export default function AdminHome() {
  const { totals, priceCents, reported } = useLoaderData<typeof loader>();
  return (
    <>
      <PageHeader title="Administração" description="Dados de referência, preço, moderação e números do site." actions={<ExportPdfButton />} />
      <div className="grid grid-cols-2 gap-3 xl:grid-cols-4">
        <StatCard label="Total de anúncios" value={n(totals.totalAds)} icon="megaphone" />
        <StatCard label="Anúncios ativos" value={n(totals.activeAds)} icon="circle-check" tone="green" />
        <StatCard label="Aguardando moderação" value={n(totals.pendingAds)} icon="list-checks" tone="amber" />
        <StatCard label="Usuários" value={n(totals.totalUsers)} icon="users" tone="slate" />
      </div>

      {totals.pendingAds > 0 ? (
        <div className="mt-5 flex flex-col gap-3 rounded-2xl border border-amber-200 bg-amber-50 p-4 sm:flex-row sm:items-center sm:justify-between">
          <p className="text-amber-950">
            <strong>{n(totals.pendingAds)}</strong> {totals.pendingAds === 1 ? "anúncio aguarda" : "anúncios aguardam"} uma decisão da moderação.
          </p>
          <Link to="/admin/moderation" className={primaryButton}>
            Abrir a moderação
          </Link>
        </div>
      ) : null}

      {reported > 0 ? (
        <div className="mt-5 flex flex-col gap-3 rounded-2xl border border-red-200 bg-red-50 p-4 sm:flex-row sm:items-center sm:justify-between">
          <p className="text-red-950">
            <strong>{n(reported)}</strong> {reported === 1 ? "anúncio tem denúncias" : "anúncios têm denúncias"} para analisar.
          </p>
          <Link to="/admin/moderation#denuncias" className={secondaryButton}>
            Ver denúncias
          </Link>
        </div>
      ) : null}

      <div className="mt-5 grid gap-4 lg:grid-cols-2">
        <Card title="Categorias">
          <p className="text-sm text-slate-600">Categorias, subcategorias e as características que cada anúncio preenche.</p>
          <div className="mt-3 flex flex-wrap gap-2">
            <Link to="/admin/categories" className={secondaryButton}>
              <Icon name="tags" className="h-4 w-4" />
              Gerenciar categorias
            </Link>
            <Link to="/admin/create-category" className={secondaryButton}>
              <Icon name="plus" className="h-4 w-4" />
              Nova categoria
            </Link>
          </div>
        </Card>
        <Card title="Anúncios">
          <p className="text-sm text-slate-600">A fila de moderação e a lista de todos os anúncios, com busca por ID e mudança de status.</p>
          <div className="mt-3 flex flex-wrap gap-2">
            <Link to="/admin/moderation" className={secondaryButton}>
              <Icon name="list-checks" className="h-4 w-4" />
              Moderação
            </Link>
            <Link to="/dashboard" className={secondaryButton}>
              <Icon name="layout-dashboard" className="h-4 w-4" />
              Todos os anúncios
            </Link>
          </div>
        </Card>
        <Card title="Cidades">
          <p className="text-sm text-slate-600">As cidades em que se pode anunciar. Patos de Minas - MG é a cidade padrão.</p>
          <div className="mt-3 flex flex-wrap gap-2">
            <Link to="/admin/cities" className={secondaryButton}>
              <Icon name="map-pin" className="h-4 w-4" />
              Gerenciar cidades
            </Link>
            <Link to="/admin/create-city" className={secondaryButton}>
              <Icon name="plus" className="h-4 w-4" />
              Nova cidade
            </Link>
          </div>
        </Card>
        <Card title="Configurações">
          <p className="text-sm text-slate-600">
            Preço por dia de anúncio: <strong className="text-slate-900">{formatBRL(priceCents)}</strong>.{" "}
            <Link to="/admin/settings" className={textLink}>
              Alterar
            </Link>
          </p>
          <p className="mt-2 text-sm text-slate-600">
            Gráficos de anúncios e receita:{" "}
            <Link to="/admin/stats" className={textLink}>
              Estatísticas
            </Link>
          </p>
        </Card>
      </div>
    </>
  );
}
