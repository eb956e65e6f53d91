import { Icon } from "~/components/Icon";
import type { ReactNode } from "react";
import { Logo } from "~/components/Logo";
import { CONTACT_EMAIL, FACEBOOK_URL, INSTAGRAM_URL, INSTITUTIONAL_LINKS } from "~/components/layout/site-links";
import { operatorHeadline, type OperatorIdentity } from "~/lib/operator";

const focusRing =
  "rounded focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:ring-offset-2";
// 44 px tall, like the page's buttons: a line of small text alone (20 px) is below WCAG 2.2's 24 px
// target size (2.5.8) and, stacked, an easy place to tap the neighbour on a phone.
const linkClass = `inline-flex min-h-11 items-center gap-2 text-slate-700 underline-offset-4 hover:text-brand-800 hover:underline ${focusRing}`;

function FooterColumn({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div>
      <h2 className="text-sm font-semibold uppercase tracking-wider text-slate-900">{title}</h2>
      <ul className="mt-2 text-sm">{children}</ul>
    </div>
  );
}

/**
 * Who sells the ad days (Decreto 7.962/2013, art. 2: name, CNPJ or CPF, physical and electronic address,
 * in a visible place): what the operator set, nothing when nothing is (production warns at start-up).
 */
function OperatorLine({ operator }: { operator: OperatorIdentity }) {
  const headline = operatorHeadline(operator);
  if (!headline && !operator.address && !operator.email && !operator.phone) return null;
  return (
    <address className="mt-1 not-italic" data-testid="operator-identity">
      {headline ? <>Site operado por {headline}</> : null}
      {operator.address ? <> · {operator.address}</> : null}
      {operator.email ? (
        <>
          {" · "}
          <a href={`mailto:${operator.email}`} className="underline underline-offset-4 hover:text-brand-800">
            {operator.email}
          </a>
        </>
      ) : null}
      {operator.phone ? <> · {operator.phone}</> : null}
    </address>
  );
}

/**
 * The site's footer, a kept part whose HTML follows from its props (root.tsx): the same for every page
 * and visitor, so the server renders it once and reuses it. Plain anchors, followed in the app by the
 * kept part's wrapper; the year comes in the props, so the kept HTML turns with it.
 */
export function Footer({ operator, year }: { operator: OperatorIdentity; year: number }) {
  return (
    <footer className="mt-auto border-t border-slate-200 bg-white text-slate-700">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 sm:grid-cols-2 lg:grid-cols-4 lg:px-6">
        <div className="sm:col-span-2">
          <a href="/" className={`inline-block ${focusRing}`}>
            <Logo />
          </a>
          <p className="mt-4 max-w-sm text-sm leading-relaxed">
            Pequenos anúncios, grandes negócios! Compre, venda e troque em Patos de Minas e região, com contato direto
            pelo WhatsApp.
          </p>
        </div>

        <FooterColumn title="Institucional">
          {INSTITUTIONAL_LINKS.map(({ to, label }) => (
            <li key={to}>
              <a href={to} className={linkClass}>
                {label}
              </a>
            </li>
          ))}
        </FooterColumn>

        <FooterColumn title="Contato">
          <li>
            <a href={`mailto:${CONTACT_EMAIL}`} className={`${linkClass} break-all`}>
              <Icon name="mail" className="h-5 w-5 shrink-0" />
              {CONTACT_EMAIL}
            </a>
          </li>
          <li>
            <a href={INSTAGRAM_URL} className={linkClass}>
              <Icon name="instagram" className="h-5 w-5 shrink-0" />
              Instagram
            </a>
          </li>
          <li>
            <a href={FACEBOOK_URL} className={linkClass}>
              <Icon name="facebook" className="h-5 w-5 shrink-0" />
              Facebook
            </a>
          </li>
        </FooterColumn>
      </div>

      <div className="border-t border-slate-200">
        <div className="mx-auto max-w-7xl px-4 py-6 text-center text-sm text-slate-600 sm:text-left lg:px-6">
          <p>© {year} Classificados Patos · Patos de Minas - MG</p>
          <OperatorLine operator={operator} />
        </div>
      </div>
    </footer>
  );
}
