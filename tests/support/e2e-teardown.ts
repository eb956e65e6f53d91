import fs from "node:fs";

/** Playwright's global teardown: the run's temporary data folder goes with the run. */
export default function removeE2eDataDir() {
  const dataDir = process.env.E2E_DATA_DIR;
  if (dataDir?.includes("classificados-e2e-")) fs.rmSync(dataDir, { recursive: true, force: true });
}
