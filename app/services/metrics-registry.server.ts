/**
 * The operator's metrics (GET /metrics, ADR 023): one prom-client registry per process, counted where
 * things happen — the payment model, the webhook route, the reconciliation, the mailer, server.ts for
 * requests — through the small functions below, so none of those modules knows about HTTP or
 * Prometheus (the backups are read from their tally in the data folder at scrape time).
 * server/cluster-metrics.mjs merges the registries of the first process, the jobs and every web worker
 * into the one answer of /metrics.
 *
 * A registry of our own rather than prom-client's global one: a test process may load this module
 * more than once (Vitest isolates files, not node_modules), and the global registry would refuse to
 * register the same names twice.
 */
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from "prom-client";

export const registry = new Registry();

// Memory, CPU, event-loop lag, heap: per process, summed (or averaged, as prom-client says) across the cluster.
collectDefaultMetrics({ register: registry });

const requestDuration = new Histogram({
  name: "classificados_http_request_duration_seconds",
  help: "Requests answered, by route pattern (the Remix route id, never the raw path), method and status; _count is the request count.",
  labelNames: ["route", "method", "status"] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers: [registry],
});

const paymentStatuses = new Counter({
  name: "classificados_payments_total",
  help: "Payments that reached a status (pending when created, then confirmed, received, refunded, failed…), by gateway.",
  labelNames: ["gateway", "status"] as const,
  registers: [registry],
});

const webhookOutcomes = new Counter({
  name: "classificados_payment_webhooks_total",
  help: "Gateway webhook deliveries by outcome: applied, duplicate, unknown_payment, ignored, unauthorized.",
  labelNames: ["outcome"] as const,
  registers: [registry],
});

const reconciliationRuns = new Counter({
  name: "classificados_payment_reconciliations_total",
  help: "Reconciliation runs by outcome: ok, stopped (the gateway refused or failed; the next run goes on), failed (an error).",
  labelNames: ["outcome"] as const,
  registers: [registry],
});

const reconciliationChanges = new Counter({
  name: "classificados_payment_reconciliation_changes_total",
  help: "Payments whose status the reconciliation changed: each one is a webhook that never arrived.",
  registers: [registry],
});

const mails = new Counter({
  name: "classificados_mails_total",
  help: "E-mails by result: sent (SMTP or the outbox folder) or failed.",
  labelNames: ["result"] as const,
  registers: [registry],
});

export function observeRequest(input: { route: string; method: string; status: number; seconds: number }) {
  requestDuration.observe({ route: input.route, method: input.method, status: String(input.status) }, input.seconds);
}

export function countPaymentStatus(gateway: string, status: string) {
  paymentStatuses.inc({ gateway, status });
}

export type WebhookMetricOutcome = "applied" | "duplicate" | "unknown_payment" | "ignored" | "unauthorized";

export function countWebhook(outcome: WebhookMetricOutcome) {
  webhookOutcomes.inc({ outcome });
}

export function countReconciliation(outcome: "ok" | "stopped" | "failed", changed = 0) {
  reconciliationRuns.inc({ outcome });
  if (changed > 0) reconciliationChanges.inc(changed);
}

export function countMail(result: "sent" | "failed") {
  mails.inc({ result });
}

/** What the gauges read at scrape time, in the one process that answers for the cluster. */
export type ScrapeReadings = {
  moderationQueueLength: number;
  /** How long the ad that has waited longest for a moderator has waited; 0 with an empty queue. */
  moderationOldestSeconds: number;
  databaseBytes: number;
  /** The newest backup's size, and what every backup on disk takes (hard links counted once); null without backups. */
  backup: { latestBytes: number; allBytes: number; ageSeconds: number } | null;
  /** Every backup run and bucket copy so far, the schedule's and `npm run db:backup`'s (scripts/backup-tally.mjs). */
  backupTally: { runs: { ok: number; failed: number }; uploads: { ok: number; failed: number } };
  /** The access log's disk against its growth (services/access-log-store.server.ts accessLogDisk). */
  accessLogDisk: { freeBytes: number; sizeBytes: number; neededBytes: number; bytesPerDay: number };
};

/**
 * Gauges read when scraped (not kept up to date by whoever changes them): registered in every web
 * worker (server/worker-metrics.ts), which all read the same database and disk, so the merge keeps the
 * largest reading (`aggregator: "max"`) instead of summing them. `read` runs at each scrape.
 */
export function registerScrapeGauges(read: () => ScrapeReadings) {
  // The gauges of one scrape share one reading (they are collected one after the other).
  let last: { at: number; readings: ScrapeReadings } | null = null;
  const current = () => {
    if (!last || Date.now() - last.at > 1_000) last = { at: Date.now(), readings: read() };
    return last.readings;
  };
  new Gauge({
    name: "classificados_moderation_queue_length",
    help: "Ads waiting for a moderator.",
    registers: [registry],
    aggregator: "max",
    collect() {
      this.set(current().moderationQueueLength);
    },
  });
  new Gauge({
    name: "classificados_moderation_oldest_seconds",
    help: "How long the ad that has waited longest for a moderator has waited (since its last change); 0 when none waits.",
    registers: [registry],
    aggregator: "max",
    collect() {
      this.set(current().moderationOldestSeconds);
    },
  });
  new Gauge({
    name: "classificados_database_size_bytes",
    help: "The SQLite database file with its write-ahead log.",
    registers: [registry],
    aggregator: "max",
    collect() {
      this.set(current().databaseBytes);
    },
  });
  new Gauge({
    name: "classificados_backup_size_bytes",
    help: "Backups in DATA_DIR/backups: the newest one (which=latest) and all of them on disk (which=all, hard-linked images counted once).",
    labelNames: ["which"] as const,
    registers: [registry],
    aggregator: "max",
    collect() {
      const backup = current().backup;
      this.set({ which: "latest" }, backup?.latestBytes ?? 0);
      this.set({ which: "all" }, backup?.allBytes ?? 0);
    },
  });
  new Gauge({
    name: "classificados_access_log_disk_bytes",
    help:
      "The access log (kept ACCESS_LOG_RETENTION_DAYS, ADR 022) against its disk: which=free (free space), which=needed (what it will still grow by " +
      "to hold its retention at the recent rate), which=per_day (that rate), which=size (the disk's size; it holds DATA_DIR, so free/size is how full " +
      "the data folder's disk is). Alert when free < needed: no line may be dropped.",
    labelNames: ["which"] as const,
    registers: [registry],
    aggregator: "max",
    collect() {
      const disk = current().accessLogDisk;
      this.set({ which: "free" }, disk.freeBytes);
      this.set({ which: "needed" }, disk.neededBytes);
      this.set({ which: "per_day" }, disk.bytesPerDay);
      this.set({ which: "size" }, disk.sizeBytes);
    },
  });
  // Counters read from the tally in the data folder, which both the server's backups and the operator's
  // `npm run db:backup` append to: they count since the data folder's first backup, across restarts.
  new Counter({
    name: "classificados_backups_total",
    help: "Backup runs by result, ok or failed: the hourly ones and npm run db:backup's.",
    labelNames: ["result"] as const,
    registers: [registry],
    aggregator: "max",
    collect() {
      this.reset();
      this.inc({ result: "ok" }, current().backupTally.runs.ok);
      this.inc({ result: "failed" }, current().backupTally.runs.failed);
    },
  });
  new Counter({
    name: "classificados_backup_uploads_total",
    help: "Copies of a backup to the bucket (BACKUP_S3_BUCKET, or S3_BUCKET with STORAGE_DRIVER=s3) by result, ok or failed: the hourly ones and npm run db:backup's.",
    labelNames: ["result"] as const,
    registers: [registry],
    aggregator: "max",
    collect() {
      this.reset();
      this.inc({ result: "ok" }, current().backupTally.uploads.ok);
      this.inc({ result: "failed" }, current().backupTally.uploads.failed);
    },
  });
  new Gauge({
    name: "classificados_backup_age_seconds",
    help: "Seconds since the newest backup; +Inf when there is none, so an alert on age fires.",
    registers: [registry],
    aggregator: "max",
    collect() {
      this.set(current().backup?.ageSeconds ?? Infinity);
    },
  });
}
