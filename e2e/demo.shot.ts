/**
 * `npm run docs:screenshot`: retakes docs/demo.png, the README's picture of the demo after
 * scoring the bundled north wind passage, with the first words opened to their phones.
 */
import { join, resolve } from 'node:path';
import { it } from 'vitest';
import { launchChromium, openDemo, REPO, scoredJson, serveDemo } from './demo-page.js';

it('retakes docs/demo.png', async () => {
  const server = await serveDemo();
  const browser = await launchChromium();
  try {
    const page = await browser.newPage({ viewport: { width: 860, height: 900 } });
    await openDemo(page, server.origin);
    await page.selectOption('#preset', { index: 1 });
    await page.setInputFiles('#file', join(REPO, 'examples/north-wind.ogg'));
    await page.click('#score');
    await scoredJson(page);
    await page.$$eval('#words details', (words) => words.slice(1, 3).forEach((w) => ((w as HTMLDetailsElement).open = true)));
    await page.screenshot({ path: resolve(REPO, process.env.ORALIS_SHOT_PATH ?? 'docs/demo.png'), fullPage: true });
  } finally {
    await browser.close();
    await server.close();
  }
});
