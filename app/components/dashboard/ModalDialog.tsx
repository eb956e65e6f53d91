/**
 * A native modal <dialog> (focus trap, Escape and an inert page for free) for the dashboard's
 * confirmations. It exists only with JavaScript: without it the same choices are plain pages.
 */
import { forwardRef, type ReactNode } from "react";

export const ModalDialog = forwardRef<HTMLDialogElement, { id: string; title: string; children: ReactNode }>(function ModalDialog({ id, title, children }, ref) {
  return (
    <dialog
      ref={ref}
      aria-labelledby={`${id}-title`}
      onClick={(event) => {
        // A click on the backdrop (the dialog element itself, outside its box) closes it.
        if (event.target === event.currentTarget) event.currentTarget.close();
      }}
      className="w-[min(28rem,calc(100vw-2rem))] rounded-2xl p-0 text-slate-900 shadow-xl backdrop:bg-slate-950/60"
    >
      <div className="p-5 sm:p-6">
        <h2 id={`${id}-title`} className="text-lg font-bold">
          {title}
        </h2>
        {children}
      </div>
    </dialog>
  );
});
