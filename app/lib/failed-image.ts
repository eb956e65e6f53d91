/**
 * Whether an image has failed to load. One that failed before hydration never fires `onError` for React,
 * so a card checks once on mount too (AdCard, and AdList's cards kept as the server sent them). A lazy image
 * not yet asked for is not complete, so it does not count.
 */
export const failedToLoad = (image: HTMLImageElement) => image.complete && image.naturalWidth === 0;
