/**
 * The one toast at a time (spec 01 §4). Server-rendered, so it shows without JavaScript too; with
 * JavaScript it leaves after 5 s (8 s for errors) and can be dismissed.
 */
import { useEffect, useState } from "react";

export type ToastData = {
  message: string;
  description?: string;
  type: "info" | "success" | "error" | "warning";
  duration?: number;
};

const DEFAULT_MS = 5000;
const ERROR_MS = 8000;

const tone: Record<ToastData["type"], string> = {
  success: "border-emerald-600 bg-emerald-50 text-emerald-900",
  error: "border-red-600 bg-red-50 text-red-900",
  warning: "border-amber-500 bg-amber-50 text-amber-900",
  info: "border-brand-600 bg-brand-50 text-brand-900",
};

export function Toast({ toast }: { toast: ToastData | undefined }) {
  // A new toast replaces the one on screen; remembering the closed one keeps it from coming back.
  const [closed, setClosed] = useState<ToastData | undefined>(undefined);
  const visible = toast && toast !== closed ? toast : undefined;

  useEffect(() => {
    if (!visible) return;
    const ms = visible.duration ?? (visible.type === "error" ? ERROR_MS : DEFAULT_MS);
    const timer = setTimeout(() => setClosed(visible), ms);
    return () => clearTimeout(timer);
  }, [visible]);

  if (!visible) return null;
  return (
    <div className="pointer-events-none fixed inset-x-0 top-3 z-50 flex justify-center px-3 sm:justify-end">
      <div
        role={visible.type === "error" ? "alert" : "status"}
        className={`pointer-events-auto w-full max-w-[420px] rounded-lg border-l-4 p-4 shadow-lg ${tone[visible.type]}`}
      >
        <div className="flex items-start gap-3">
          <div className="flex-1">
            <p className="font-semibold">{visible.message}</p>
            {visible.description ? <p className="mt-1 text-sm">{visible.description}</p> : null}
          </div>
          <button
            type="button"
            onClick={() => setClosed(visible)}
            className="rounded p-1 text-lg leading-none opacity-70 hover:opacity-100 focus:outline-none focus-visible:ring-2 focus-visible:ring-current"
            aria-label="Fechar aviso"
          >
            ×
          </button>
        </div>
      </div>
    </div>
  );
}
