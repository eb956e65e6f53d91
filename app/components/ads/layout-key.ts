/**
 * Where this browser remembers the ads' layout: read by the inline script in AdList.tsx before the
 * first paint, written by the buttons in LayoutButtons.tsx (lazy-loaded from AdList, so the keys live
 * here and not in either of them). LAYOUT_KEY: the desktop's 1/2/3 per row; PHONE_LAYOUT_KEY: a
 * phone's compact list (the default) or the spec's full cards.
 */
export const LAYOUT_KEY = "adsLayout";
export const PHONE_LAYOUT_KEY = "adsPhoneLayout";
