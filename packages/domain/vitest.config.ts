import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Pure functions with no module state: one module graph per worker instead of one per
    // file (29 s → 10 s for the suite on two cores).
    isolate: false,
  },
});
