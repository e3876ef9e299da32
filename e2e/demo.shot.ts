/**
 * `npm run docs:screenshot`: retakes the README's pictures of the demo after scoring the bundled
 * north wind passage, with two words opened to their phones: docs/demo.png on a desktop window,
 * docs/demo-phone.png on a 390 × 844 phone in dark mode.
 */
import { join } from 'node:path';
import { it } from 'vitest';
import { launchChromium, openDemo, REPO, scoredJson, serveDemo } from './demo-page.js';

const SHOTS = [
  { file: 'docs/demo.png', viewport: { width: 860, height: 900 }, colorScheme: 'light' },
  { file: 'docs/demo-phone.png', viewport: { width: 390, height: 844 }, colorScheme: 'dark' },
] as const;

it('retakes docs/demo.png and docs/demo-phone.png', async () => {
  const server = await serveDemo();
  const browser = await launchChromium();
  try {
    for (const shot of SHOTS) {
      const page = await browser.newPage({ viewport: shot.viewport, colorScheme: shot.colorScheme });
      await openDemo(page, server.origin);
      await page.selectOption('#preset', { index: 1 });
      await page.setInputFiles('#file', join(REPO, 'examples/north-wind.ogg'));
      await page.click('#score');
      await scoredJson(page);
      await page.$$eval('#words details', (words) => words.slice(1, 3).forEach((w) => ((w as HTMLDetailsElement).open = true)));
      await page.screenshot({ path: join(REPO, shot.file), fullPage: true });
      await page.close();
    }
  } finally {
    await browser.close();
    await server.close();
  }
});
