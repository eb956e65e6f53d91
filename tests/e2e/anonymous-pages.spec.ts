/**
 * The list pages kept for visitors without a cookie (app/web/anonymous-pages.server.ts, ADR 027), on
 * the production server: back-to-back first visits get the same page, each with its own CSP nonce and
 * no cookie, and the kept page hydrates under its policy as a rendered one does.
 */
import { test } from "@playwright/test";
import { deleteAd, expect, insertActiveAd, tapHeartOn } from "../support/e2e-ads";
import { insertSession, insertUser } from "../support/e2e-session";
import { rawRequest } from "../support/http";
import { waitForHydration } from "../support/hydration";

const nonceOfPolicy = (policy: unknown) => /'nonce-([A-Za-z0-9+/=]+)'/.exec(String(policy))?.[1];

test.describe("list pages for a first visit", () => {
  for (const path of ["/", "/categories"]) {
    test(`${path}: the same page for every visitor without a cookie, each with a nonce of its own`, async ({ baseURL }) => {
      const answers = [];
      for (let visit = 0; visit < 3; visit++) answers.push(await rawRequest(`${baseURL}${path}`));
      const nonces = answers.map((answer) => {
        expect(answer.status).toBe(200);
        expect(answer.headers["set-cookie"]).toBeUndefined();
        const nonce = nonceOfPolicy(answer.headers["content-security-policy"])!;
        // Every script of the page carries the nonce its own policy names, and no other.
        const inPage = new Set([...answer.text.matchAll(/nonce="([^"]*)"/g)].map((match) => match[1]));
        expect([...inPage]).toEqual([nonce]);
        return nonce;
      });
      expect(new Set(nonces).size).toBe(3);
      const withoutNonce = answers.map((answer, i) => answer.text.replaceAll(nonces[i]!, "NONCE"));
      expect(withoutNonce[1]).toBe(withoutNonce[0]);
      expect(withoutNonce[2]).toBe(withoutNonce[0]);
    });
  }

  // Issue #32: `GET /` with a bearer token and no cookie was rendered for that account and kept, and the
  // next first visits were shown its name and e-mail (a name chosen as a scam banner, here).
  for (const path of ["/", "/categories"]) {
    test(`${path}: a request with a bearer token is never kept for the strangers after it`, async ({ baseURL }) => {
      const user = insertUser("AVISO: pague seu anúncio só pelo PIX 34999990000");
      const authorization = `Bearer ${insertSession(user.id)}`;
      // Several of each, so every web worker (each keeps its own pages) has seen the signed-in request.
      for (let visit = 0; visit < 4; visit++) {
        const own = await rawRequest(`${baseURL}${path}`, { headers: { Authorization: authorization } });
        expect(own.status).toBe(200);
        expect(own.text).toContain(user.email);
      }
      for (let visit = 0; visit < 4; visit++) {
        const stranger = await rawRequest(`${baseURL}${path}`);
        expect(stranger.status).toBe(200);
        // (A boolean, so a failure does not print the whole page.)
        expect(stranger.text.includes(user.email), "a stranger is shown the account's e-mail").toBe(false);
        expect(stranger.text.includes("34999990000"), "a stranger is shown the account's name").toBe(false);
      }
    });
  }

  test("a kept page hydrates under its policy, and a visitor with a cookie still gets theirs", async ({ page, baseURL }) => {
    const violations: string[] = [];
    page.on("console", (message) => {
      if (message.type() === "error" || /Content Security Policy|Refused to/.test(message.text())) violations.push(message.text());
    });
    page.on("pageerror", (error) => violations.push(error.message));
    const ad = insertActiveAd();
    try {
      const list = `/categories?search=${ad.title.split(" ")[1]}&cityId=todas`;
      // A first visit just before this one: the page the browser gets is the kept one.
      expect((await rawRequest(`${baseURL}${list}`)).text).toContain(ad.title);
      await page.goto(list);
      await waitForHydration(page);
      await tapHeartOn(page, page.getByTestId(`favourite-${ad.id}`));
      // Now the browser sends its favourites cookie: the page is rendered for it, with the heart on.
      await page.reload();
      await expect(page.getByTestId(`favourite-${ad.id}`)).toHaveAttribute("aria-pressed", "true");
      expect(violations).toEqual([]);
    } finally {
      deleteAd(ad.id);
    }
  });
});
