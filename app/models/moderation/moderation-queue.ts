/**
 * Human moderation, the browser-safe half: the queue item's shape, the pt-BR messages and the
 * zod/mini schemas of the admin's decision, of what the admin does with reports and of the owner's
 * review request, shared by
 * /admin/moderation, the 'Moderação' tab of /admin-old, POST /api/ads/{id}/moderation and
 * POST /api/ads/{id}/review-request.
 */
import * as z from "zod/mini";
import { multiLine } from "~/lib/plain-text";
import { AD_NOT_FOUND, type AdModeration, type AdType } from "~/models/ad/ad";
import { REPORT_RESOLUTIONS, type AdReportSummary } from "~/models/report/ad-report";
import type { FraudSignal } from "~/models/ad/fraud-signals";

export const REASON_MAX = 500;

export const MODERATION_MESSAGES = {
  approved: "Anúncio aprovado",
  approvedDescription: "O anúncio está publicado.",
  rejected: "Anúncio rejeitado",
  rejectedDescription: "O anunciante verá o motivo no painel dele.",
  updateError: "Erro ao atualizar status",
  reasonRequired: "Informe o motivo da rejeição",
  takeDownReasonRequired: "Informe o motivo para retirar o anúncio do ar",
  resolution: "Escolha descartar as denúncias ou retirar o anúncio do ar",
  reasonMax: `O motivo pode ter no máximo ${REASON_MAX} caracteres`,
  decision: "Escolha aprovar ou rejeitar",
  notFound: AD_NOT_FOUND,
  notPending: "Este anúncio não está aguardando moderação.",
  notRejected: "Só um anúncio rejeitado ou ocultado por denúncias pode pedir revisão humana.",
  alreadyPending: "Este anúncio já está aguardando uma revisão humana.",
  expired: "Este anúncio já expirou: reative-o para publicá-lo de novo.",
  reviewRequested: "Revisão solicitada",
  reviewRequestedDescription: "Uma pessoa da nossa equipe vai analisar o anúncio e você verá a decisão no seu painel.",
} as const;

export type ModerationQueueItem = {
  id: number;
  title: string;
  description: string;
  priceCents: number | null;
  adType: AdType;
  city: string;
  state: string;
  categoryName: string;
  subcategoryName: string | null;
  owner: { fullName: string | null; email: string };
  /** ISO instants. */
  createdAt: string;
  waitingSince: string;
  expirationDate: string;
  /** Its date has passed (approving it will not make it public). */
  expired: boolean;
  /** The automatic verdict (reasons, suggestion, provider), null for ads from before it. */
  moderation: AdModeration | null;
  /** Why its payment sent it here instead of publishing it (a bait price, a copied photo), empty when nothing was found. */
  fraudSignals: FraudSignal[];
  /** Present when the owner asked for a human review of a rejection. */
  reviewRequest: { reason: string | null; createdAt: string } | null;
  /** The rejection the owner contests, when there is one. */
  previousRejection: { reason: string | null; createdAt: string } | null;
  coverPublicId: string | null;
  /** Its open reports ('Denúncias'), when it has any. */
  reports: AdReportSummary | null;
  /** Reports of aged accounts took it out of the public list (it was active). */
  heldByReports: boolean;
};

const optionalReason = z.pipe(
  z.optional(z.union([z.string(), z.null()])),
  z.transform((value: string | null | undefined, ctx) => {
    const text = multiLine(value ?? "");
    if (text.length > REASON_MAX) ctx.issues.push({ code: "custom", message: MODERATION_MESSAGES.reasonMax, input: value });
    return text || null;
  }),
);

/** Approve or reject; a rejection needs its reason (the owner reads it). */
export const moderationDecisionSchema = z
  .object({
    decision: z.enum(["approved", "rejected"], MODERATION_MESSAGES.decision),
    reason: optionalReason,
  })
  .check(
    z.refine((data) => data.decision !== "rejected" || Boolean(data.reason), {
      message: MODERATION_MESSAGES.reasonRequired,
      path: ["reason"],
      when: (payload) => payload.issues.every((issue) => issue.path?.[0] !== "reason"),
    }),
  );

/** What the admin does from 'Denúncias': dismiss the open reports, or take the ad down with the reason the owner reads. */
export const reportResolutionSchema = z
  .object({
    intent: z.enum(REPORT_RESOLUTIONS, MODERATION_MESSAGES.resolution),
    reason: optionalReason,
  })
  .check(
    z.refine((data) => data.intent !== "take-down" || Boolean(data.reason), {
      message: MODERATION_MESSAGES.takeDownReasonRequired,
      path: ["reason"],
      when: (payload) => payload.issues.every((issue) => issue.path?.[0] !== "reason"),
    }),
  );

/** The owner's words, optional. */
export const reviewRequestSchema = z.object({ reason: optionalReason });
