/**
 * `npm run test:e2e`: the built demo (dist-web/) in Debian's Chromium through
 * playwright-core (e2e/*.e2e.ts). ORALIS_E2E=bench (`npm run bench:browser`)
 * runs the browser benchmark instead, ORALIS_E2E=shot (`npm run docs:screenshot`)
 * retakes the README's screenshot.
 */
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    root: fileURLToPath(new URL('..', import.meta.url)),
    include: [`e2e/**/*.${process.env.ORALIS_E2E ?? 'e2e'}.ts`],
    testTimeout: 180_000,
    hookTimeout: 180_000,
  },
});
