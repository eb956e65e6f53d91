/** Brand mark (a price tag on a blue tile) with the two-line wordmark. Decorative SVG: the text names the site. */
export function Logo({ className = "" }: { className?: string }) {
  return (
    <span className={`inline-flex items-center gap-2 ${className}`}>
      <svg viewBox="0 0 32 32" className="h-8 w-8 shrink-0" aria-hidden="true" focusable="false">
        <rect width="32" height="32" rx="8" className="fill-brand-700" />
        <path
          d="M8 9.5A1.5 1.5 0 0 1 9.5 8h6.88a1.5 1.5 0 0 1 1.06.44l6.12 6.12a1.5 1.5 0 0 1 0 2.12l-6.88 6.88a1.5 1.5 0 0 1-2.12 0L8.44 17.44A1.5 1.5 0 0 1 8 16.38Z"
          className="fill-accent-400"
        />
        <circle cx="12.5" cy="12.5" r="1.75" className="fill-brand-700" />
      </svg>
      <span className="flex flex-col leading-none">
        <span className="text-[15px] font-extrabold tracking-tight text-brand-800 sm:text-base">Classificados</span>{" "}
        <span className="text-xs font-semibold uppercase tracking-[0.2em] text-brand-600">Patos</span>
      </span>
    </span>
  );
}
