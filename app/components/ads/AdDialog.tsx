import { Icon } from "~/components/Icon";
import { useEffect, useRef } from "react";
import type { AdDetail as AdDetailData } from "~/models/ad/ad";
import { AdDetail } from "./AdDetail";

/** The ad over the list, in a native modal <dialog> (focus trap, Escape and inert page for free). */
export default function AdDialog({ ad, onRequestClose }: { ad: AdDetailData; onRequestClose: () => void }) {
  const dialog = useRef<HTMLDialogElement>(null);

  useEffect(() => {
    const el = dialog.current;
    if (el && !el.open) el.showModal();
    const root = document.documentElement;
    const previous = root.style.overflow;
    root.style.overflow = "hidden";
    return () => {
      root.style.overflow = previous;
      if (el?.open) el.close();
    };
  }, []);

  return (
    <dialog
      ref={dialog}
      aria-labelledby={`detalhe-${ad.id}`}
      onCancel={(event) => {
        // Escape: close through the same path as Fechar, so the address goes back too.
        event.preventDefault();
        onRequestClose();
      }}
      onClick={(event) => {
        if (event.target === event.currentTarget) onRequestClose();
      }}
      className="m-0 h-full max-h-none w-full max-w-none bg-transparent p-0 backdrop:bg-slate-950/60 sm:m-auto sm:h-auto sm:max-h-[92vh] sm:max-w-3xl sm:rounded-2xl"
    >
      <div className="relative min-h-full bg-white p-4 sm:rounded-2xl sm:p-6">
        <button
          type="button"
          onClick={onRequestClose}
          aria-label="Fechar detalhes"
          className="absolute right-3 top-3 z-10 rounded-full bg-white/90 p-2 text-slate-700 shadow hover:bg-slate-100 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-600"
        >
          <Icon name="x" className="h-5 w-5" />
        </button>
        <AdDetail
          ad={ad}
          headingLevel={2}
          actions={
            <button
              type="button"
              onClick={onRequestClose}
              className="inline-flex min-h-11 items-center justify-center rounded-lg border border-slate-300 bg-white px-5 py-2.5 font-semibold text-slate-800 hover:bg-slate-50 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:ring-offset-2"
            >
              Fechar
            </button>
          }
        />
      </div>
    </dialog>
  );
}
