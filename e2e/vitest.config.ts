import { defineConfig } from 'vitest/config';

// Browser tests: one server for the whole run (global-setup.ts), Debian's Chromium driven by
// playwright-core. Test files run one after another: they share the server's per-IP limits.
export default defineConfig({
  test: {
    include: ['tests/**/*.test.ts'],
    globalSetup: ['./global-setup.ts'],
    // On a failure, what each open page showed (lib/failure-report.ts).
    setupFiles: ['./lib/failure-report.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    fileParallelism: false,
    // A failing browser test runs once more and the retry shows in the output: two tests have
    // failed rarely under load without a found cause (README, Known limits). A real failure
    // fails twice.
    retry: 1,
    // A page under a loaded 2-core machine may take seconds to show what a poll waits for.
    expect: { poll: { timeout: 10_000, interval: 100 } },
    pool: 'forks',
  },
});
