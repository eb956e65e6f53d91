/**
 * The card icons as one inline SVG sprite (lucide's drawings, ISC licence): each card then says
 * `<use href="#ad-icon-pin">` instead of repeating ~400 bytes of path data per icon. With 12+ cards
 * a page that saves ~25 KB of HTML and the render time that goes with it.
 */
const SYMBOLS = {
  pin: `<path d="M20 10c0 4.993-5.539 10.193-7.399 11.799a1 1 0 0 1-1.202 0C9.539 20.193 4 14.993 4 10a8 8 0 0 1 16 0"/><circle cx="12" cy="10" r="3"/>`,
  calendar: `<path d="M8 2v3"/><path d="M16 2v3"/><rect x="3" y="3" width="18" height="18" rx="2"/><path d="M3 9h18"/><path d="M8 13h.01"/><path d="M12 13h.01"/><path d="M16 13h.01"/><path d="M8 17h.01"/><path d="M12 17h.01"/><path d="M16 17h.01"/>`,
  eye: `<path d="M2.062 12.348a1 1 0 0 1 0-.696 10.75 10.75 0 0 1 19.876 0 1 1 0 0 1 0 .696 10.75 10.75 0 0 1-19.876 0"/><circle cx="12" cy="12" r="3"/>`,
  images: `<path d="m22 11-1.296-1.296a2.4 2.4 0 0 0-3.408 0L11 16"/><path d="M4 8a2 2 0 0 0-2 2v10a2 2 0 0 0 2 2h10a2 2 0 0 0 2-2"/><circle cx="13" cy="7" r="1" fill="currentColor"/><rect x="8" y="2" width="14" height="14" rx="2"/>`,
  noimage: `<line x1="2" x2="22" y1="2" y2="22"/><path d="M10.41 10.41a2 2 0 1 1-2.83-2.83"/><line x1="13.5" x2="6" y1="13.5" y2="21"/><line x1="18" x2="21" y1="12" y2="15"/><path d="M3.59 3.59A1.99 1.99 0 0 0 3 5v14a2 2 0 0 0 2 2h14c.55 0 1.052-.22 1.41-.59"/><path d="M21 15V5a2 2 0 0 0-2-2H9"/>`,
  chat: `<path d="M2.992 16.342a2 2 0 0 1 .094 1.167l-1.065 3.29a1 1 0 0 0 1.236 1.168l3.413-.998a2 2 0 0 1 1.099.092 10 10 0 1 0-4.777-4.719"/>`,
  rows: `<rect width="18" height="18" x="3" y="3" rx="2"/><path d="M21 9H3"/><path d="M21 15H3"/>`,
  cols2: `<rect width="18" height="18" x="3" y="3" rx="2"/><path d="M12 3v18"/>`,
  cols3: `<rect width="18" height="18" x="3" y="3" rx="2"/><path d="M9 3v18"/><path d="M15 3v18"/>`,
} as const;

export type AdIconName = keyof typeof SYMBOLS;

const SPRITE = Object.entries(SYMBOLS)
  .map(([name, body]) => `<symbol id="ad-icon-${name}" viewBox="0 0 24 24">${body}</symbol>`)
  .join("");

/** Render once per page, before any AdIcon. */
export function AdIconSprite() {
  return <svg aria-hidden="true" width="0" height="0" className="absolute" dangerouslySetInnerHTML={{ __html: SPRITE }} />;
}

export function AdIcon({ name, className = "h-4 w-4" }: { name: AdIconName; className?: string }) {
  return (
    <svg
      aria-hidden="true"
      focusable="false"
      className={className}
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <use href={`#ad-icon-${name}`} />
    </svg>
  );
}
