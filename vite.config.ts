import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // Decoders and the resampler instantiate WASM on first use; a cold CI core needs more than 5 s.
    testTimeout: 60_000,
  },
});
