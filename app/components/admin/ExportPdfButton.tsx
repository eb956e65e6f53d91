/**
 * 'Exportar PDF' (spec 02 §2, §7, §8). Without JavaScript a plain link: the browser saves the
 * attachment (relatorio-YYYY-MM-DD.pdf). With it, the button fetches the file, saves it under the
 * server's name and says 'PDF exportado com sucesso!', or 'Erro ao exportar PDF' with the server's message.
 */
import { useState, type MouseEvent } from "react";
import { Icon } from "~/components/Icon";
import { Toast, type ToastData } from "~/components/Toast";
import { secondaryButton } from "~/components/admin/ui";
import { EXPORT_MESSAGES } from "~/models/statistics/statistics";
import { isPlainLeftClick } from "~/lib/plain-click";

export const EXPORT_PDF_URL = "/api/export/pdf-print";

function fileNameOf(response: Response) {
  const disposition = response.headers.get("Content-Disposition") ?? "";
  return /filename="?([^";]+)"?/.exec(disposition)?.[1] ?? "relatorio.pdf";
}

export function ExportPdfButton({ className = secondaryButton }: { className?: string }) {
  const [busy, setBusy] = useState(false);
  const [toast, setToast] = useState<ToastData | undefined>(undefined);

  async function download(event: MouseEvent<HTMLAnchorElement>) {
    if (!isPlainLeftClick(event)) return;
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    try {
      const response = await fetch(EXPORT_PDF_URL, { headers: { Accept: "application/pdf" }, credentials: "same-origin", cache: "no-store" });
      if (!response.ok) {
        const body = (await response.json().catch(() => null)) as { message?: string } | null;
        setToast({ type: "error", message: EXPORT_MESSAGES.exportError, description: body?.message || EXPORT_MESSAGES.fallback });
        return;
      }
      const blob = await response.blob();
      const url = URL.createObjectURL(blob);
      const link = document.createElement("a");
      link.href = url;
      link.download = fileNameOf(response);
      document.body.append(link);
      link.click();
      link.remove();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
      setToast({ type: "success", message: EXPORT_MESSAGES.exported, description: link.download });
    } catch {
      setToast({ type: "error", message: EXPORT_MESSAGES.exportError, description: EXPORT_MESSAGES.fallback });
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      <a href={EXPORT_PDF_URL} download onClick={download} aria-busy={busy || undefined} className={className}>
        <Icon name={busy ? "loader-circle" : "file-down"} className={`h-4 w-4 ${busy ? "animate-spin" : ""}`} />
        {busy ? "Gerando PDF..." : "Exportar PDF"}
      </a>
      <Toast toast={toast} />
    </>
  );
}
