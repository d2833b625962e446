import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    globalSetup: ['test/global-setup.ts'],
    pool: 'forks',
    maxWorkers: 2,
    // Files share a worker's module graph instead of importing the whole server again for each
    // of ~100 files (CPU time of the PGlite suite 830 s → 480 s). Nothing here mocks a module;
    // each file builds its own app on its own copy of the template database (harness.ts).
    isolate: false,
    // Generous: in CI this suite shares two cores with the browser tests, and a test that
    // takes 26 s alone (create-owner's child process) has been seen past 30 s there.
    testTimeout: 90_000,
    hookTimeout: 120_000,
  },
});
