/**
 * The OPERATOR_* settings (app/env.server.ts): which a production site lacks, and the identity the pages
 * show (lib/operator.ts), the document formatted. Apart from operator.ts because the footer imports that
 * one on every page, and these need the CPF/CNPJ helpers, which the browser needs only on the payment page.
 */
import { formatCpfCnpj, normalizeDocument } from "~/lib/documents";
import type { OperatorIdentity } from "~/lib/operator";

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
