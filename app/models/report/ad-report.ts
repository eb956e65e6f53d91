/**
 * Reports of ads by visitors ('Denunciar anúncio'), the browser-safe half: the reasons, their pt-BR
 * labels and the limits the form, its /api twin and the admin queue share. No zod here: the ad page
 * ships this to the browser. Rules live in ./reports.server.ts.
 */

import { AD_NOT_FOUND, type AdStatus } from "~/models/ad/ad";

export const REPORT_REASONS = ["golpe", "produto_proibido", "anuncio_falso", "ofensivo", "outro"] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];

export const REPORT_REASON_LABELS: Readonly<Record<ReportReason, string>> = {
  golpe: "Golpe ou tentativa de fraude",
  produto_proibido: "Produto ou serviço proibido",
  anuncio_falso: "Anúncio falso ou enganoso",
  ofensivo: "Conteúdo ofensivo",
  outro: "Outro motivo",
};

/** The optional text a visitor may add to a report. */
export const REPORT_DETAILS_MAX = 500;

/** How old an account must be, in days, when it reports, for its report to count toward hiding an ad. */
export const REPORTER_MIN_ACCOUNT_AGE_DAYS = 7;

/**
 * Who sent a report, as the admin's 'Denúncias' shows it and as the hiding rule counts it
 * (docs/decisions/021-reports-that-cannot-take-down.md):
 * - account: a signed-in account at least REPORTER_MIN_ACCOUNT_AGE_DAYS old, not the ad's owner — the
 *   only kind that counts toward hiding the ad;
 * - new_account: a signed-in account younger than that;
 * - owner: the ad's own owner;
 * - visitor: an anonymous visitor, by a visitor cookie the server signed on an earlier São Paulo day;
 * - address: any other anonymous request (no cookie, a forged one, one minted today), counted once per
 *   address (IPv6: its /64) and São Paulo day (models/ad/people.server.ts).
 */
export const REPORTER_KINDS = ["account", "new_account", "owner", "visitor", "address"] as const;
export type ReporterKind = (typeof REPORTER_KINDS)[number];

export const REPORTER_KIND_LABELS: Readonly<Record<ReporterKind, string>> = {
  account: `Conta com mais de ${REPORTER_MIN_ACCOUNT_AGE_DAYS} dias`,
  new_account: `Conta nova (menos de ${REPORTER_MIN_ACCOUNT_AGE_DAYS} dias)`,
  owner: "O próprio anunciante",
  visitor: "Visitante sem conta",
  address: "Visitante sem cookie (por endereço e dia)",
};

/** Distinct accounts of kind "account" whose reports take an ad out of the public list until an admin decides. */
export const REPORTS_TO_HOLD = 3;


export const REPORT_MESSAGES = {
  sent: "Denúncia enviada. Obrigado por ajudar a manter o site seguro: nossa equipe já recebeu e vai analisar o anúncio.",
  already: "Você já denunciou este anúncio. Obrigado: nossa equipe vai analisá-lo.",
  reasonRequired: "Escolha um motivo para a denúncia",
  detailsTooLong: `O texto deve ter no máximo ${REPORT_DETAILS_MAX} caracteres`,
  notFound: AD_NOT_FOUND,
  throttled: "Muitas denúncias em pouco tempo. Tente novamente mais tarde.",
  /** Shown above the form: what a report does, and why it does not take the ad down by itself. */
  howItWorks: `Sua denúncia chega na hora à nossa equipe, que analisa o anúncio. Ele só sai do ar antes disso quando ${REPORTS_TO_HOLD} contas com mais de ${REPORTER_MIN_ACCOUNT_AGE_DAYS} dias o denunciam; o anunciante é avisado e pode pedir revisão.`,
} as const;

/** One report as the admin's moderation queue shows it. */
export type AdReportItem = {
  id: number;
  reason: ReportReason;
  reasonLabel: string;
  details: string | null;
  reporterKind: ReporterKind;
  reporterKindLabel: string;
  /** ISO 8601 instant. */
  createdAt: string;
};

/**
 * The open reports of one ad — those since an admin last approved it, dismissed its reports or took it
 * down — summed up for the moderation queue and the 'Denúncias' section.
 */
export type AdReportSummary = {
  adId: number;
  /** Open reports (one per reporter). */
  total: number;
  /** Of them, reporters of kind "account": what the REPORTS_TO_HOLD rule counts. */
  counting: number;
  reasons: Partial<Record<ReportReason, number>>;
  kinds: Partial<Record<ReporterKind, number>>;
  /** ISO 8601 instant of the newest open report. */
  latestAt: string;
};

/** An ad with open reports, as the admin's 'Denúncias' section lists it. */
export type ReportedAdItem = AdReportSummary & {
  title: string;
  /** Effective status (active: still public; pending: hidden, waiting for a person). */
  status: AdStatus;
  /** The reports took it out of the public list (it waits in the queue too). */
  heldByReports: boolean;
  owner: { fullName: string | null; email: string };
  /** The newest open reports, with their texts. */
  reports: AdReportItem[];
};

/** What the admin does with an ad's reports from 'Denúncias'. */
export const REPORT_RESOLUTIONS = ["dismiss-reports", "take-down"] as const;
export type ReportResolution = (typeof REPORT_RESOLUTIONS)[number];

export const REPORT_ADMIN_MESSAGES = {
  dismissed: "Denúncias descartadas",
  dismissedDescription: "O anúncio está publicado.",
  dismissedKeepsStatus: "O anúncio segue como estava.",
  takenDown: "Anúncio retirado do ar",
  takenDownDescription: "O anunciante foi avisado por e-mail, com o motivo, e pode pedir revisão.",
  nothingOpen: "Este anúncio não tem denúncias abertas.",
  notPublic: "Este anúncio já não está publicado.",
} as const;

/** What the report form's action answers (the page without JavaScript and the form's fetcher read the same). */
export type ReportActionData =
  | { ok: true; message: string }
  | { ok: false; message: string; fieldErrors?: { reason?: string; details?: string }; values?: { reason?: string; details?: string } };
