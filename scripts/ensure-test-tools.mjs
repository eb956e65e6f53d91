// The tests' system tools, installed from Debian with apt-get when missing (`npx playwright install`
// cannot download browsers here):
// - Chromium, which the e2e tests drive;
// - poppler-utils (pdftoppm, pdftotext), with which the PDF report test draws the first page and reads its text.
import { execSync } from "node:child_process";
import { existsSync } from "node:fs";

const TOOLS = [
  { path: "/usr/bin/chromium", pkg: "chromium" },
  { path: "/usr/bin/pdftoppm", pkg: "poppler-utils" },
  { path: "/usr/bin/pdftotext", pkg: "poppler-utils" },
];

const missing = [...new Set(TOOLS.filter((tool) => !existsSync(tool.path)).map((tool) => tool.pkg))];
if (missing.length) {
  console.log(`Missing test tools: installing Debian's ${missing.join(", ")} (apt-get)…`);
  const sudo = process.getuid?.() === 0 ? "" : "sudo ";
  execSync(`${sudo}apt-get update -qq && ${sudo}apt-get install -y -qq ${missing.join(" ")}`, {
    stdio: "inherit",
    env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" },
  });
}
const still = TOOLS.filter((tool) => !existsSync(tool.path));
if (still.length) {
  for (const tool of still) console.error(`${tool.path} is still missing; install it with: apt-get install -y ${tool.pkg}`);
  process.exit(1);
}
