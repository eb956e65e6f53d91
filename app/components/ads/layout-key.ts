/**
 * Where this browser remembers the ads' 1/2/3-per-row choice: read by the inline script in AdList.tsx
 * before the first paint, written by the buttons in LayoutButtons.tsx (lazy-loaded from AdList, so the
 * key lives here and not in either of them).
 */
export const LAYOUT_KEY = "adsLayout";
