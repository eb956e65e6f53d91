#!/usr/bin/env bash
# `npm test`'s two suites at once: the browser tests keep the machine's two cores only about half busy
# (they wait on pages, servers and timers), so Vitest runs beside them on one worker instead of before
# them on two (CI: 16.3 min with them one after the other). Vitest's output is kept aside and printed
# after Playwright's, so neither interleaves; the run fails if either suite does.
set -u
# Both suites' system tools first, in one apt-get call: the two suites must not install them at once.
node scripts/ensure-test-tools.mjs unit e2e || exit 1
unit_log=$(mktemp)
trap 'rm -f "$unit_log"' EXIT
VITEST_MAX_WORKERS=1 npm run test:unit >"$unit_log" 2>&1 &
unit=$!
npm run test:e2e
e2e=$?
wait "$unit"
unit_status=$?
cat "$unit_log"
echo "Vitest exited $unit_status, Playwright exited $e2e."
[ "$unit_status" -eq 0 ] && [ "$e2e" -eq 0 ]
