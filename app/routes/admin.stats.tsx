/**
 * /admin/stats ('Estatísticas'): ads created and revenue per day over the last 30 São Paulo days, ads
 * by status and by category, payments by method and revenue by month — server-rendered SVG charts,
 * each with its numbers as a table — and 'Exportar PDF'.
 */
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { ExportPdfButton } from "~/components/admin/ExportPdfButton";
import { StatsPanel } from "~/components/admin/StatsPanel";
import { PageHeader } from "~/components/admin/ui";
import { formatDateTimeBR } from "~/lib/dates";
import { getAdminReport } from "~/models/statistics/stats.server";
import { requireAdminPage } from "~/web/admin.server";
import { NO_STORE } from "~/web/http.server";

export const meta: MetaFunction = () => [{ title: "Estatísticas | Administração" }];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdminPage(request);
  return data({ report: getAdminReport() }, { headers: NO_STORE });
}

export default function AdminStats() {
  const { report } = useLoaderData<typeof loader>();
  return (
    <>
      <PageHeader
        title="Estatísticas"
        description={`Atualizado em ${formatDateTimeBR(new Date(report.generatedAt))} (horário de Brasília).`}
        actions={<ExportPdfButton />}
      />
      <StatsPanel report={report} />
    </>
  );
}
