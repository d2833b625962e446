import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    globalSetup: ['test/global-setup.ts'],
    pool: 'forks',
    maxWorkers: 2,
    // Generous: in CI this suite shares two cores with the browser tests, and a test that
    // takes 26 s alone (create-owner's child process) has been seen past 30 s there.
    testTimeout: 90_000,
    hookTimeout: 120_000,
  },
});
