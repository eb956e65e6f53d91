import { sqlite } from "~/db/client.server";

const REFERENCE_VERSION_SQL = "SELECT version FROM reference_version WHERE id = 1";
let versionStatement: { get(): unknown } | undefined;

/** Goes up with every change of a category, subcategory or city (triggers, migration 0006), from any process. */
export function referenceVersion(): number {
  versionStatement ??= sqlite.prepare<[], number>(REFERENCE_VERSION_SQL).pluck();
  return Number(versionStatement.get() ?? 0);
}

/**
 * `read` (a list of reference data every public page shows), read again only when that data has changed:
 * reading one version row costs a fraction of reading and mapping the list. Callers share the value, so
 * they must not change it.
 */
export function keptUntilReferenceChanges<T>(read: () => T): () => T {
  let kept: { version: number; value: T } | undefined;
  return () => {
    const version = referenceVersion();
    if (kept?.version !== version) kept = { version, value: read() };
    return kept.value;
  };
}
