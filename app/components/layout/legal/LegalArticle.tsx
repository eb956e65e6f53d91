/** What the three long documents (/termos, /privacidade, /sobre) share: the page's typography and the contact address. */
import type { ReactNode } from "react";
import { CONTACT_EMAIL } from "~/components/layout/site-links";

// Long texts are written as plain JSX; these descendant styles give them a consistent typography
// without a typography plugin.
const proseClass = [
  "max-w-prose text-base leading-relaxed text-slate-700",
  "[&_h2]:mt-10 [&_h2]:scroll-mt-20 [&_h2]:text-xl [&_h2]:font-bold [&_h2]:text-slate-900",
  "[&_h3]:mt-6 [&_h3]:font-semibold [&_h3]:text-slate-900",
  "[&_p]:mt-4",
  "[&_ul]:mt-4 [&_ul]:list-disc [&_ul]:space-y-2 [&_ul]:pl-6",
  "[&_ol]:mt-4 [&_ol]:list-decimal [&_ol]:space-y-2 [&_ol]:pl-6",
  "[&_li]:pl-1 [&_strong]:font-semibold [&_strong]:text-slate-900",
  "[&_a]:font-medium [&_a]:text-brand-700 [&_a]:underline [&_a]:underline-offset-2 hover:[&_a]:text-brand-900",
  "[&_a:focus-visible]:rounded-sm [&_a:focus-visible]:outline-none [&_a:focus-visible]:ring-2 [&_a:focus-visible]:ring-brand-600",
].join(" ");

export function LegalArticle({ title, updatedAt, children }: { title: string; updatedAt?: string; children: ReactNode }) {
  return (
    <article className={proseClass}>
      <h1 className="text-3xl font-extrabold tracking-tight text-slate-900 sm:text-4xl">{title}</h1>
      {updatedAt ? <p className="!mt-2 text-sm text-slate-500">Última atualização: {updatedAt}</p> : null}
      {children}
    </article>
  );
}

export function EmailLink() {
  return <a href={`mailto:${CONTACT_EMAIL}`}>{CONTACT_EMAIL}</a>;
}
