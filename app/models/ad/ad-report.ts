/**
 * Reports of ads by visitors ('Denunciar anúncio'), the browser-safe half: the reasons, their pt-BR
 * labels and the limits the form, its /api twin and the admin queue share. No zod here: the ad page
 * ships this to the browser. Rules live in ./reports.server.ts.
 */

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

/** Distinct visitors whose reports take an ad out of the public list until an admin decides. */
export const REPORTS_TO_HOLD = 3;

export const REPORT_MESSAGES = {
  sent: "Denúncia enviada. Obrigado por ajudar a manter o site seguro: nossa equipe vai analisar o anúncio.",
  already: "Você já denunciou este anúncio. Obrigado: nossa equipe vai analisá-lo.",
  reasonRequired: "Escolha um motivo para a denúncia",
  detailsTooLong: `O texto deve ter no máximo ${REPORT_DETAILS_MAX} caracteres`,
  notFound: "Anúncio não encontrado",
  throttled: "Muitas denúncias em pouco tempo. Tente novamente mais tarde.",
} as const;

/** One report as the admin's moderation queue shows it. */
export type AdReportItem = {
  id: number;
  reason: ReportReason;
  reasonLabel: string;
  details: string | null;
  /** Whether a signed-in user (rather than an anonymous visitor) sent it. */
  byUser: boolean;
  /** ISO 8601 instant. */
  createdAt: string;
};

/** The reports of one ad, summed up for a queue row. */
export type AdReportSummary = {
  adId: number;
  /** Distinct reporters since the last time an admin approved the ad (what the 3-report rule counts). */
  openReporters: number;
  /** Reports per reason, all time. */
  reasons: Partial<Record<ReportReason, number>>;
  total: number;
  /** ISO 8601 instant of the newest report. */
  latestAt: string;
};

/** What the report form's action answers (the page without JavaScript and the form's fetcher read the same). */
export type ReportActionData =
  | { ok: true; message: string }
  | { ok: false; message: string; fieldErrors?: { reason?: string; details?: string }; values?: { reason?: string; details?: string } };
