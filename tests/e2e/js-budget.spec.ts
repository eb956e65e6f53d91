/**
 * The JavaScript budget of issue #35 (ADR 029), kept by the build: each page's HTML names at most its
 * budget of scripts (gzip, every <script src>, module preload and inline import; bench/js-budget.ts is
 * the one count, shared with the benches). A size test against this run's own build and server, not a
 * timing test: every script and its size are printed, so a failure says what grew.
 */
import { expect, test } from "@playwright/test";
import { budgetPages, describe, measurePage, withinBudget } from "../../bench/js-budget";

test("each page's HTML names no more JavaScript than its budget", async ({ baseURL }) => {
  const pages = await Promise.all((await budgetPages(baseURL!)).map((page) => measurePage(baseURL!, page)));
  const report = pages.map(describe).join("\n");
  console.log(report);
  // What the code loads on use (the photo viewer, the ad dialog, the session sync) and the parts kept as the
  // server rendered them (kept-part.tsx) are never named.
  const onUse = /PhotoViewer|AdDialog|client-session-sync|\/(Header|Footer|AdFacts|BoostBar|SafetyTips|MessageSellerForm|ReportForm)-/;
  for (const page of pages) expect(page.scripts.map((script) => script.url).join(" "), page.name).not.toMatch(onUse);
  expect(pages.filter((page) => !withinBudget(page)).map((page) => page.name), report).toEqual([]);
});
