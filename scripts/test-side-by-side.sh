#!/usr/bin/env bash
# `npm test`: the type check, the lint and both test suites at once. The browser tests keep the
# machine's two cores only about half busy (they wait on pages, servers and timers), so the rest runs
# beside them instead of before them (CI: 16.3 min with everything one after the other, 14.5 with the
# suites side by side and the checks first). Playwright's output streams; the others are kept aside
# and printed after it, so nothing interleaves. Playwright's closing summary (which tests failed) is
# printed once more at the very end, where a CI log cut to its tail still shows it. The run fails if
# any of the four does.
set -u -o pipefail
# Both suites' system tools first, in one apt-get call: the two suites must not install them at once.
node scripts/ensure-test-tools.mjs unit e2e || exit 1
logs=$(mktemp -d)
trap 'rm -rf "$logs"' EXIT
# The checks and Vitest need only be done when the browser tests are: they run niced, so the build and
# the browser tests get a core whenever they want one, and Vitest, a worker per core, takes what they
# leave, then both cores once they end. Vitest at one worker and the same priority left the second
# core idle for the last ~2.5 min of a run (issue #34: 616 s of Vitest against ~470 s for the rest).
nice -n 10 npm run typecheck >"$logs/typecheck" 2>&1 &
typecheck=$!
nice -n 10 npm run lint >"$logs/lint" 2>&1 &
lint=$!
nice -n 10 npm run test:unit >"$logs/unit" 2>&1 &
unit=$!
npm run test:e2e 2>&1 | tee "$logs/e2e"
e2e_status=$?
wait "$typecheck"
typecheck_status=$?
wait "$lint"
lint_status=$?
wait "$unit"
unit_status=$?
cat "$logs/typecheck" "$logs/lint" "$logs/unit"
if [ "$e2e_status" -ne 0 ]; then
  echo "Playwright's summary, again:"
  # The list reporter closes with the counts ("  1 failed", "  2 flaky", …) and the tests under each.
  # Colours are stripped first: FORCE_COLOR may be set even when the output is a file.
  sed 's/\x1b\[[0-9;]*m//g' "$logs/e2e" |
    sed -n '/^  [0-9][0-9]* \(failed\|flaky\|interrupted\|did not run\)/,$p' | tail -n 60
fi
echo "Type check exited $typecheck_status, lint $lint_status, Vitest $unit_status, Playwright $e2e_status."
[ "$typecheck_status" -eq 0 ] && [ "$lint_status" -eq 0 ] && [ "$unit_status" -eq 0 ] && [ "$e2e_status" -eq 0 ]
