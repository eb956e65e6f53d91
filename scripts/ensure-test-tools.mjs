// The system tools a test suite needs, installed from Debian with apt-get when missing (`npx playwright
// install` cannot download browsers here). `node scripts/ensure-test-tools.mjs unit|e2e [...]`:
// - unit: poppler-utils (pdftoppm, pdftotext), with which the PDF report test draws the first page and
//   reads its text; Vitest needs nothing else, so a machine without a browser runs `npm run test:unit`;
// - e2e: Chromium's headless shell (chromium-headless-shell), which the Playwright tests drive, and Caddy, the TLS proxy of the deploy recipe
//   (deploy/Caddyfile), in front of the production build in tests/e2e/behind-caddy.spec.ts.
import { execSync } from "node:child_process";
import { existsSync } from "node:fs";

const TOOLS = {
  unit: [
    { path: "/usr/bin/pdftoppm", pkg: "poppler-utils" },
    { path: "/usr/bin/pdftotext", pkg: "poppler-utils" },
  ],
  e2e: [
    { path: "/usr/bin/chromium-headless-shell", pkg: "chromium-headless-shell" },
    { path: "/usr/bin/caddy", pkg: "caddy" },
  ],
};

// Several suites at once (`unit e2e`) make one apt-get call: two at a time would fight over dpkg's lock.
const suites = process.argv.slice(2);
if (suites.length === 0 || suites.some((suite) => !TOOLS[suite])) {
  console.error(`usage: node scripts/ensure-test-tools.mjs ${Object.keys(TOOLS).join("|")} [...]`);
  process.exit(2);
}
const tools = suites.flatMap((suite) => TOOLS[suite]);

const missing = [...new Set(tools.filter((tool) => !existsSync(tool.path)).map((tool) => tool.pkg))];
if (missing.length) {
  console.log(`Missing test tools: installing Debian's ${missing.join(", ")} (apt-get)…`);
  const sudo = process.getuid?.() === 0 ? "" : "sudo ";
  execSync(`${sudo}apt-get update -qq && ${sudo}apt-get install -y -qq ${missing.join(" ")}`, {
    stdio: "inherit",
    env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" },
  });
}
const still = tools.filter((tool) => !existsSync(tool.path));
if (still.length) {
  for (const tool of still) console.error(`${tool.path} is still missing; install it with: apt-get install -y ${tool.pkg}`);
  process.exit(1);
}
