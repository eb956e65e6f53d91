#!/usr/bin/env bash
# `npm test`: the type check, the lint and both test suites at once. The browser tests keep the
# machine's two cores only about half busy (they wait on pages, servers and timers), so the rest runs
# beside them instead of before them (CI: 16.3 min with everything one after the other, 14.5 with the
# suites side by side and the checks first). Playwright's output streams; the others are kept aside
# and printed after it, so nothing interleaves. The run fails if any of the four does.
set -u
# Both suites' system tools first, in one apt-get call: the two suites must not install them at once.
node scripts/ensure-test-tools.mjs unit e2e || exit 1
logs=$(mktemp -d)
trap 'rm -rf "$logs"' EXIT
npm run typecheck >"$logs/typecheck" 2>&1 &
typecheck=$!
npm run lint >"$logs/lint" 2>&1 &
lint=$!
VITEST_MAX_WORKERS=1 npm run test:unit >"$logs/unit" 2>&1 &
unit=$!
npm run test:e2e
e2e_status=$?
wait "$typecheck"
typecheck_status=$?
wait "$lint"
lint_status=$?
wait "$unit"
unit_status=$?
cat "$logs/typecheck" "$logs/lint" "$logs/unit"
echo "Type check exited $typecheck_status, lint $lint_status, Vitest $unit_status, Playwright $e2e_status."
[ "$typecheck_status" -eq 0 ] && [ "$lint_status" -eq 0 ] && [ "$unit_status" -eq 0 ] && [ "$e2e_status" -eq 0 ]
