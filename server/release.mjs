// @ts-check
/**
 * Which release the server runs: build/release.json, written by the last step of `npm run build`
 * (scripts/release-stamp.mjs), read once at start-up. `/healthz` answers its commit and the first
 * process's start-up line names it, so an operator (and scripts/release.sh, which waits for the new
 * commit before calling an upgrade done) knows what runs without a git checkout: a release folder is
 * a `git archive` of one commit (ADR 032).
 *
 * Node's fs and path only, in plain JavaScript: the first process imports it without loading the app,
 * and server.ts bundles it.
 */
import fs from "node:fs";
import path from "node:path";

/** @typedef {{ commit: string | null; builtAt: string | null }} Release */

/** @param {string} buildDir */
export const releaseFile = (buildDir) => path.join(buildDir, "release.json");

/** The build's release; both fields null for a build made without the stamp (an older build step). @param {string} buildDir @returns {Release} */
export function readRelease(buildDir) {
  try {
    const { commit, builtAt } = JSON.parse(fs.readFileSync(releaseFile(buildDir), "utf8"));
    return { commit: typeof commit === "string" ? commit : null, builtAt: typeof builtAt === "string" ? builtAt : null };
  } catch {
    return { commit: null, builtAt: null };
  }
}
