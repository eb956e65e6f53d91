/**
 * Who runs the site, as the pages show it (Decreto 7.962/2013, art. 2: name, CNPJ or CPF, physical and
 * electronic address in a visible place). Set by the OPERATOR_* variables (app/env.server.ts) and sent
 * to the browser by the root loader; a value the operator did not set is absent.
 */
import { formatCpfCnpj, normalizeDocument } from "~/lib/documents";

export type OperatorIdentity = {
  name?: string;
  document?: { kind: "CNPJ" | "CPF"; number: string };
  address?: string;
  email?: string;
  phone?: string;
};

/** The OPERATOR_* settings as env.server.ts parsed them. */
export type OperatorSettings = {
  OPERATOR_NAME?: string;
  OPERATOR_CNPJ?: string;
  OPERATOR_CPF?: string;
  OPERATOR_ADDRESS?: string;
  OPERATOR_EMAIL?: string;
  OPERATOR_PHONE?: string;
};

/** The operator variables a production site lacks (the phone is optional), named as the operator sets them. */
export function missingOperatorVariables(parsed: OperatorSettings): string[] {
  const missing: string[] = [];
  if (!parsed.OPERATOR_NAME) missing.push("OPERATOR_NAME");
  if (!parsed.OPERATOR_CNPJ && !parsed.OPERATOR_CPF) missing.push("OPERATOR_CNPJ (or OPERATOR_CPF)");
  if (!parsed.OPERATOR_ADDRESS) missing.push("OPERATOR_ADDRESS");
  if (!parsed.OPERATOR_EMAIL) missing.push("OPERATOR_EMAIL");
  return missing;
}

/** What the pages show of the operator: only the variables that are set, the document formatted. */
export function operatorIdentityOf(parsed: OperatorSettings): OperatorIdentity {
  const document = parsed.OPERATOR_CNPJ
    ? { kind: "CNPJ" as const, number: formatCpfCnpj(normalizeDocument(parsed.OPERATOR_CNPJ)) }
    : parsed.OPERATOR_CPF
      ? { kind: "CPF" as const, number: formatCpfCnpj(normalizeDocument(parsed.OPERATOR_CPF)) }
      : undefined;
  return {
    name: parsed.OPERATOR_NAME,
    document,
    address: parsed.OPERATOR_ADDRESS,
    email: parsed.OPERATOR_EMAIL,
    phone: parsed.OPERATOR_PHONE,
  };
}

/** The operator's one-line identity ("Nome · CNPJ 12.345.678/0001-95"), or null when neither is set. */
export function operatorHeadline(operator: OperatorIdentity): string | null {
  const parts = [operator.name, operator.document ? `${operator.document.kind} ${operator.document.number}` : undefined].filter(Boolean);
  return parts.length ? parts.join(" · ") : null;
}
