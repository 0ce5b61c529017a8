#!/usr/bin/env bash
# `npm test`: every test. Unit and API tests (vitest, on PGlite, or on the PostgreSQL server named
# by DATABASE_URL), then the browser tests (Playwright in Debian's Chromium) against a real server.
# Ends with one summary line "tests: N passed, N failed".
set -uo pipefail
cd "$(dirname "$0")/.."
results="$(mktemp -d)"
trap 'rm -rf "$results"' EXIT
status=0

echo "== unit and API tests (database: $([ -n "${DATABASE_URL:-}" ] && echo PostgreSQL || echo PGlite)) =="
# UNIT_SCOPE=database: only the server's tests, the ones that use a database (the packages' and
# the web's unit tests never do; a second database run of them would repeat the first).
scope=()
if [ "${UNIT_SCOPE:-all}" = "database" ]; then scope=(apps/server); fi
npx vitest run "${scope[@]}" --reporter=default --reporter=json --outputFile.json="$results/unit.json" || status=1

echo "== browser tests =="
if [ "${BROWSER_TESTS:-on}" = "off" ]; then
  echo "browser tests skipped (BROWSER_TESTS=off)"
  echo '{"numPassedTests":0,"numFailedTests":0,"numTotalTestSuites":0,"success":true}' > "$results/e2e.json"
elif npm run build:web --silent; then
  (cd e2e && npx vitest run --config vitest.config.ts --reporter=default --reporter=json --outputFile.json="$results/e2e.json") || status=1
else
  echo "web build failed"
  status=1
fi

node -e '
  const fs = require("fs");
  let passed = 0, failed = 0;
  for (const file of process.argv.slice(1)) {
    if (!fs.existsSync(file)) { failed += 1; console.log(`missing report: ${file}`); continue; }
    const report = JSON.parse(fs.readFileSync(file, "utf8"));
    passed += report.numPassedTests;
    failed += report.numFailedTests + (report.numTotalTestSuites > 0 && report.success === false && report.numFailedTests === 0 ? 1 : 0);
  }
  console.log(`tests: ${passed} passed, ${failed} failed`);
' "$results/unit.json" "$results/e2e.json"
exit $status
