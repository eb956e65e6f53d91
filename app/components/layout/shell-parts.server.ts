/**
 * The shell's occasional parts for the server's render (root.tsx): a toast and the error pages are on
 * few pages, so the browser loads their code only when one is shown (components/server-first.ts).
 */
export { Toast } from "~/components/Toast";
export { NotFound } from "~/components/layout/NotFound";
export { ErrorPage } from "~/components/layout/ErrorPage";
