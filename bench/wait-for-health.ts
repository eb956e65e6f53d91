/** The benches' one wait for a server they started: until `{base}/healthz` answers 200, or `timeoutMs` passes. */
export async function waitForHealth(base: string, { timeoutMs = 60_000, output = () => "" }: { timeoutMs?: number; output?: () => string } = {}) {
  for (const startedAt = Date.now(); ; ) {
    const up = await fetch(`${base}/healthz`).then((response) => response.ok, () => false);
    if (up) return;
    if (Date.now() - startedAt > timeoutMs) throw new Error(`the server did not start${output() ? `:\n${output()}` : ""}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
