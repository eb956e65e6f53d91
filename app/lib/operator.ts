/**
 * Who runs the site, as the pages show it (Decreto 7.962/2013, art. 2: name, CNPJ or CPF, physical and
 * electronic address in a visible place). Set by the OPERATOR_* variables (app/env.server.ts, through
 * operator-settings.ts) and sent to the browser by the root loader; a value the operator did not set is
 * absent. The footer on every page imports this module: what reads the settings (and the CPF/CNPJ
 * checks it needs) is in operator-settings.ts, out of every page's scripts.
 */
export type OperatorIdentity = {
  name?: string;
  document?: { kind: "CNPJ" | "CPF"; number: string };
  address?: string;
  email?: string;
  phone?: string;
};

/** The operator's one-line identity ("Nome · CNPJ 12.345.678/0001-95"), or null when neither is set. */
export function operatorHeadline(operator: OperatorIdentity): string | null {
  const parts = [operator.name, operator.document ? `${operator.document.kind} ${operator.document.number}` : undefined].filter(Boolean);
  return parts.length ? parts.join(" · ") : null;
}
