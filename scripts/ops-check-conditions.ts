/**
 * What the operator's check (scripts/ops-check.ts, ADR 033) decides, as pure functions of what it read
 * and what it remembers: which conditions hold, and which e-mails that makes. No clock, network or
 * file here, so the tests give it any reading at any time.
 *
 * A condition is `firing`, `clear`, or unknown (left out: the site did not answer, so its metrics were
 * not read, or the server does not show that metric) — an unknown condition keeps its last state, so
 * an outage neither clears nor re-fires the others. Per condition: an alert e-mail when it starts
 * firing, again at most every REMIND_MS while it still fires, and one "cleared" e-mail when it clears
 * after an alert the operator received.
 */

export const REMIND_MS = 6 * 3_600_000;
/** The disk-fill rate is measured over at most this much history, and needs at least MIN_HISTORY_MS of it. */
export const HISTORY_MS = 24 * 3_600_000;
export const MIN_HISTORY_MS = 6 * 3_600_000;
const DAY_S = 86_400;

export const LIMITS = {
  backupAgeSeconds: 2 * 3_600,
  replicaLagSeconds: 60,
  diskFullFraction: 0.85,
  diskFillDays: 7,
  moderationWaitSeconds: DAY_S,
} as const;

export const CONDITIONS = {
  site: "the site does not answer",
  metrics: "/metrics cannot be read",
  backup: "the newest backup is too old",
  backup_upload: "a copy to the backups' bucket failed",
  replica: "the database replica lags",
  disk_full: "the data folder's disk is almost full",
  disk_filling: "the data folder's disk is filling up",
  access_log_room: "the disk will not hold the access log's retention",
  moderation: "an ad waits for a moderator for more than a day",
} as const;
export type ConditionName = keyof typeof CONDITIONS;

export type Verdict = { firing: boolean; detail: string };
export type ConditionState = {
  firing: boolean;
  /** When it started firing (ISO). */
  since?: string;
  /** The last alert e-mail sent for it (ISO). */
  alertedAt?: string;
  /** The operator's last e-mail about it was an alert not yet followed by "cleared". */
  announced?: boolean;
};
export type CheckState = {
  conditions: Partial<Record<ConditionName, ConditionState>>;
  /** Free bytes of the data disk seen by earlier runs (for the fill rate), oldest first. */
  disk: { at: number; free: number }[];
  /** classificados_backup_uploads_total as last seen, to notice a new failure. */
  uploads?: { ok: number; failed: number };
};
export const emptyState = (): CheckState => ({ conditions: {}, disk: [] });

/** One sample of the Prometheus text format: name, labels, value. */
export type Sample = {
  name: string;
  labels: Record<string, string>;
  value: number;
};

/** The samples of a /metrics answer (text format 0.0.4); comments and malformed lines are skipped. */
export function parseMetrics(text: string): Sample[] {
  const samples: Sample[] = [];
  for (const line of text.split("\n")) {
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})?\s+(\S+)/.exec(line);
    if (!match) continue;
    const labels: Record<string, string> = {};
    for (const [, key, value] of (match[2] ?? "").matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)) labels[key!] = value!.replace(/\\(.)/g, "$1");
    const raw = match[3]!;
    const value = raw === "+Inf" ? Infinity : raw === "-Inf" ? -Infinity : Number(raw);
    samples.push({ name: match[1]!, labels, value });
  }
  return samples;
}

/** The value of the first sample named `name` whose labels include `labels`; undefined when none. */
export function metricValue(samples: Sample[], name: string, labels: Record<string, string> = {}): number | undefined {
  return samples.find((sample) => sample.name === name && Object.entries(labels).every(([key, value]) => sample.labels[key] === value))?.value;
}

export type Reading = {
  /** null when /healthz answered 200; otherwise why not. */
  siteError: string | null;
  /** The /metrics text, or why it could not be read; null when not tried (the site did not answer). */
  metrics: { text: string } | { error: string } | null;
};

export type CheckSettings = {
  /** BACKUP_INTERVAL_MINUTES: 0 turns backups off, and this condition with them. */
  backupIntervalMinutes: number;
};

const duration = (seconds: number) => {
  if (seconds < 120) return `${Math.round(seconds)} s`;
  if (seconds < 2 * 3_600) return `${Math.round(seconds / 60)} min`;
  if (seconds < 2 * DAY_S) return `${(seconds / 3_600).toFixed(1)} h`;
  return `${(seconds / DAY_S).toFixed(1)} days`;
};
const gigabytes = (bytes: number) => `${(bytes / 1e9).toFixed(1)} GB`;

/**
 * Every condition that can be judged from this reading, and the disk samples and upload counts to
 * remember. `now` in milliseconds.
 */
export function evaluate(reading: Reading, previous: CheckState, settings: CheckSettings, now: number) {
  const verdicts: Partial<Record<ConditionName, Verdict>> = {};
  const recent = previous.disk.filter((sample) => now - sample.at <= HISTORY_MS);
  let disk = recent;
  let uploads = previous.uploads;
  verdicts.site = reading.siteError ? { firing: true, detail: `GET /healthz: ${reading.siteError}` } : { firing: false, detail: "/healthz answers" };
  if (reading.metrics && "error" in reading.metrics)
    verdicts.metrics = {
      firing: true,
      detail: `GET /metrics: ${reading.metrics.error}`,
    };
  if (reading.metrics && "text" in reading.metrics) {
    verdicts.metrics = { firing: false, detail: "/metrics answers" };
    const samples = parseMetrics(reading.metrics.text);
    const value = (name: string, labels?: Record<string, string>) => metricValue(samples, name, labels);

    const backupAge = value("classificados_backup_age_seconds");
    if (settings.backupIntervalMinutes > 0 && backupAge !== undefined) {
      // A longer interval than the limit would alert between every two backups: an hour of slack past it.
      const limit = Math.max(LIMITS.backupAgeSeconds, settings.backupIntervalMinutes * 60 + 3_600);
      const age = backupAge === Infinity ? "there is no backup" : `the newest backup is ${duration(backupAge)} old`;
      verdicts.backup = {
        firing: backupAge > limit,
        detail: `${age} (limit ${duration(limit)})`,
      };
    }

    const ok = value("classificados_backup_uploads_total", { result: "ok" });
    const failed = value("classificados_backup_uploads_total", {
      result: "failed",
    });
    if (ok !== undefined && failed !== undefined) {
      // A counter read from the data folder's tally: it only grows (a restored folder starts it over).
      if (uploads && failed > uploads.failed)
        verdicts.backup_upload = {
          firing: true,
          detail: `${failed - uploads.failed} failed copy(ies) since the last check (see the journal's [backup] and [access-log] lines)`,
        };
      else if (uploads && ok > uploads.ok)
        verdicts.backup_upload = {
          firing: false,
          detail: "the last copy to the bucket succeeded",
        };
      uploads = { ok, failed };
    }

    const lag = value("classificados_replica_lag_seconds");
    if (lag !== undefined)
      verdicts.replica = {
        firing: lag > LIMITS.replicaLagSeconds,
        detail: `the replica is ${duration(lag)} behind (limit ${LIMITS.replicaLagSeconds} s)`,
      };

    const free = value("classificados_access_log_disk_bytes", {
      which: "free",
    });
    const size = value("classificados_access_log_disk_bytes", {
      which: "size",
    });
    if (free !== undefined && size) {
      const used = 1 - free / size;
      verdicts.disk_full = {
        firing: used > LIMITS.diskFullFraction,
        detail: `${Math.round(used * 100)} % used, ${gigabytes(free)} free of ${gigabytes(size)} (limit ${LIMITS.diskFullFraction * 100} %)`,
      };
      const oldest = recent[0];
      if (oldest && now - oldest.at >= MIN_HISTORY_MS) {
        const perDay = ((oldest.free - free) / (now - oldest.at)) * DAY_S * 1000;
        const days = perDay > 0 ? free / perDay : Infinity;
        const span = duration((now - oldest.at) / 1000);
        const trend =
          perDay > 0 ? `shrinking by ${gigabytes(perDay)} a day over the last ${span}: full in ${days.toFixed(1)} days` : `not shrinking over the last ${span}`;
        verdicts.disk_filling = { firing: days < LIMITS.diskFillDays, detail: `${gigabytes(free)} free, ${trend} (limit ${LIMITS.diskFillDays} days)` };
      }
      disk = [...recent, { at: now, free }];
    }
    const needed = value("classificados_access_log_disk_bytes", {
      which: "needed",
    });
    if (free !== undefined && needed !== undefined) {
      verdicts.access_log_room = {
        firing: free < needed,
        detail: `${gigabytes(free)} free, the access log still needs ${gigabytes(needed)} to hold its retention`,
      };
    }

    const waited = value("classificados_moderation_oldest_seconds");
    if (waited !== undefined) {
      const queue = value("classificados_moderation_queue_length") ?? 0;
      verdicts.moderation = {
        firing: waited > LIMITS.moderationWaitSeconds,
        detail: `${queue} ad(s) wait; the oldest for ${duration(waited)} (limit 1 day)`,
      };
    }
  }
  return { verdicts, disk, uploads };
}

export type Mail = {
  condition: ConditionName;
  kind: "alert" | "cleared";
  subject: string;
  text: string;
};

/**
 * The e-mails the verdicts make, and each condition's state once its e-mail is sent (`after`): the
 * caller applies `after` only for e-mails that went, so a failed one is tried again at the next run.
 * `quiet` are the condition states that change without an e-mail.
 */
export function decide(verdicts: Partial<Record<ConditionName, Verdict>>, previous: CheckState, now: number, site: string) {
  const mails: { mail: Mail; after: ConditionState }[] = [];
  const quiet: Partial<Record<ConditionName, ConditionState>> = {};
  const at = new Date(now).toISOString();
  for (const [name, verdict] of Object.entries(verdicts) as [ConditionName, Verdict][]) {
    const before = previous.conditions[name] ?? { firing: false };
    const title = CONDITIONS[name];
    if (verdict.firing) {
      const since = before.firing && before.since ? before.since : at;
      const due = !before.alertedAt || now - Date.parse(before.alertedAt) >= REMIND_MS;
      if (!due) {
        quiet[name] = { ...before, firing: true, since };
        continue;
      }
      const again = before.firing && before.announced;
      mails.push({
        mail: {
          condition: name,
          kind: "alert",
          subject: `[${site}] ALERT: ${title}`,
          text: [
            `${again ? "Still" : "Now"}: ${title}.`,
            verdict.detail,
            `Firing since ${since} (checked ${at}).`,
            `Next reminder in ${REMIND_MS / 3_600_000} hours at the soonest while it lasts; one e-mail when it clears.`,
            'What to do: docs/operations.md, "Watching the server".',
          ].join("\n\n"),
        },
        after: { firing: true, since, alertedAt: at, announced: true },
      });
    } else if (before.firing && before.announced) {
      mails.push({
        mail: {
          condition: name,
          kind: "cleared",
          subject: `[${site}] cleared: ${title}`,
          text: [`Cleared: ${title}.`, verdict.detail, `It fired from ${before.since ?? "?"} to ${at}.`].join("\n\n"),
        },
        after: { firing: false, alertedAt: before.alertedAt, announced: false },
      });
    } else if (before.firing) {
      // It fired again within REMIND_MS of an alert and cleared before one was due: the operator was not told, so no "cleared" either.
      quiet[name] = {
        firing: false,
        alertedAt: before.alertedAt,
        announced: false,
      };
    }
  }
  return { mails, quiet };
}
