// @ts-check
/**
 * The last step of `npm run build`: writes build/release.json, `{"commit", "builtAt"}`, the commit
 * the build was made from (ADR 032). `/healthz` answers it and the start-up line names it
 * (server/release.mjs), so what runs is known without a git checkout.
 *
 * The commit: RELEASE_COMMIT when set (scripts/release.sh sets it: a release folder is a `git
 * archive` of one commit, not a checkout), else `git rev-parse HEAD` of this folder, with
 * "-modified" when tracked files differ from it; null outside git.
 */
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { releaseFile } from "../server/release.mjs";

const root = path.resolve(import.meta.dirname, "..");

/** @param {string[]} args */
const git = (args) => execFileSync("git", args, { cwd: root, encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] }).trim();

/** @returns {string | null} */
function checkoutCommit() {
  try {
    // Only when this folder is the checkout's top: a release folder unpacked inside another repository is not its commit.
    if (path.resolve(git(["rev-parse", "--show-toplevel"])) !== root) return null;
    const head = git(["rev-parse", "HEAD"]);
    return git(["status", "--porcelain", "--untracked-files=no"]) === "" ? head : `${head}-modified`;
  } catch {
    return null;
  }
}

const commit = process.env.RELEASE_COMMIT || checkoutCommit();
const file = releaseFile(path.join(root, "build"));
fs.writeFileSync(file, `${JSON.stringify({ commit, builtAt: new Date().toISOString() })}\n`);
console.log(`release-stamp: ${path.relative(root, file)} names ${commit ?? "no commit (not a git checkout and RELEASE_COMMIT unset)"}`);
