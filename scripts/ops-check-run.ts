/**
 * One run of the operator's check (`npm run ops:check`, every 5 minutes from
 * deploy/classificados-check.timer; ADR 033): reads /healthz and /metrics, judges the conditions
 * (scripts/ops-check-conditions.ts), e-mails the operator through the app's mailer, and keeps what it
 * must remember — each condition's state, the disk's recent free space, the bucket copies' counts — in
 * DATA_DIR/ops-check.json. The clock, the reading and the sending are parameters, for the tests.
 */
import fs from "node:fs";
import path from "node:path";
import { decide, emptyState, evaluate, type CheckState, type ConditionName, type Mail, type Reading, type Verdict } from "./ops-check-conditions";

const TIMEOUT_MS = 10_000;

export const stateFile = (dataDir: string) => path.join(dataDir, "ops-check.json");

function readState(file: string): CheckState {
  try {
    return {
      ...emptyState(),
      ...(JSON.parse(fs.readFileSync(file, "utf8")) as Partial<CheckState>),
    };
  } catch (error) {
    // None yet. An unreadable one is started over (and said): at worst an alert is sent again.
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") console.error(`[ops-check] ${file} unreadable, starting over: ${String(error)}`);
    return emptyState();
  }
}

function writeState(file: string, state: CheckState) {
  fs.writeFileSync(`${file}.tmp`, `${JSON.stringify(state)}\n`, {
    mode: 0o600,
  });
  fs.renameSync(`${file}.tmp`, file);
}

const reason = (error: unknown) => {
  const cause = (error as { cause?: { code?: string; message?: string } }).cause;
  if (error instanceof Error && error.name === "TimeoutError") return `no answer within ${TIMEOUT_MS / 1000} s`;
  return cause?.code ?? cause?.message ?? (error instanceof Error ? error.message : String(error));
};

/**
 * What the server shows: `siteUrl`'s /healthz (APP_URL: what visitors reach, through the proxy and its
 * certificate) and, when it answers, `localUrl`'s /metrics (the app's own port: without METRICS_TOKEN
 * only this machine may read it).
 */
export async function readServer({ siteUrl, localUrl, metricsToken }: { siteUrl: string; localUrl: string; metricsToken?: string }): Promise<Reading> {
  let siteError: string | null;
  try {
    const response = await fetch(new URL("/healthz", siteUrl), {
      signal: AbortSignal.timeout(TIMEOUT_MS),
      redirect: "manual",
    });
    await response.body?.cancel();
    siteError = response.status === 200 ? null : `answered ${response.status}`;
  } catch (error) {
    siteError = reason(error);
  }
  if (siteError) return { siteError, metrics: null };
  try {
    const response = await fetch(new URL("/metrics", localUrl), {
      signal: AbortSignal.timeout(TIMEOUT_MS),
      headers: metricsToken ? { Authorization: `Bearer ${metricsToken}` } : {},
    });
    if (response.status === 200) return { siteError, metrics: { text: await response.text() } };
    await response.body?.cancel();
    const hint =
      response.status === 401 ? " (METRICS_TOKEN differs from the server's)" : response.status === 403 ? " (not this machine: set METRICS_TOKEN)" : "";
    return {
      siteError,
      metrics: { error: `answered ${response.status}${hint}` },
    };
  } catch (error) {
    return { siteError, metrics: { error: reason(error) } };
  }
}

export type OpsCheckOptions = {
  dataDir: string;
  /** Who is told (OPERATOR_EMAIL). */
  to: string;
  /** The site's name in the subjects (APP_URL's host). */
  site: string;
  backupIntervalMinutes: number;
  read: () => Promise<Reading>;
  send: (message: { to: string; subject: string; text: string }) => Promise<unknown>;
  now?: number;
};

export type OpsCheckReport = {
  verdicts: Partial<Record<ConditionName, Verdict>>;
  sent: Mail[];
  failed: { mail: Mail; error: string }[];
};

export async function runOpsCheck(options: OpsCheckOptions): Promise<OpsCheckReport> {
  const now = options.now ?? Date.now();
  const file = stateFile(options.dataDir);
  const previous = readState(file);
  const { verdicts, disk, uploads } = evaluate(await options.read(), previous, { backupIntervalMinutes: options.backupIntervalMinutes }, now);
  const { mails, quiet } = decide(verdicts, previous, now, options.site);
  const next: CheckState = {
    conditions: { ...previous.conditions, ...quiet },
    disk,
    uploads,
  };
  const report: OpsCheckReport = { verdicts, sent: [], failed: [] };
  for (const { mail, after } of mails) {
    try {
      await options.send({
        to: options.to,
        subject: mail.subject,
        text: mail.text,
      });
      next.conditions[mail.condition] = after;
      report.sent.push(mail);
    } catch (error) {
      // Its state stays as it was: the next run sends it again.
      report.failed.push({ mail, error: reason(error) });
    }
  }
  writeState(file, next);
  return report;
}
