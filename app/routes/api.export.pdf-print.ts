/**
 * GET /api/export/pdf-print (admins; spec 02 §7): the report as a PDF attachment named
 * relatorio-YYYY-MM-DD.pdf (the São Paulo day). @react-pdf/renderer is loaded on the first report,
 * never at start-up (services/pdf). On failure JSON {message}, logged with its cause.
 */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { EXPORT_MESSAGES } from "~/models/statistics/statistics";
import { buildReportPdf } from "~/models/statistics/pdf.server";
import { requireAdmin } from "~/web/auth.server";
import { jsonError, NO_STORE } from "~/web/http.server";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  try {
    const { bytes, fileName } = await buildReportPdf();
    return new Response(new Uint8Array(bytes), {
      headers: {
        "Content-Type": "application/pdf",
        "Content-Disposition": `attachment; filename="${fileName}"`,
        "Content-Length": String(bytes.byteLength),
        ...NO_STORE,
      },
    });
  } catch (error) {
    console.error("[error] PDF report failed", error);
    return jsonError(500, EXPORT_MESSAGES.fallback);
  }
}
