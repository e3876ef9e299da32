/**
 * `npm run test:e2e`: the built demo (dist-web/) in Debian's Chromium through
 * playwright-core. With ORALIS_BENCH=1 (`npm run bench:browser`) it runs the
 * browser benchmark instead.
 */
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    root: fileURLToPath(new URL('..', import.meta.url)),
    include: process.env.ORALIS_BENCH ? ['e2e/**/*.bench.ts'] : ['e2e/**/*.e2e.ts'],
    testTimeout: 180_000,
    hookTimeout: 180_000,
  },
});
