import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createNodeEngine } from '../src/node.js';
import { serveStatic, type StaticServer } from '../test/helpers/static-server.js';

const repo = fileURLToPath(new URL('..', import.meta.url));
const site = join(repo, 'dist-web');
const wav = join(repo, 'examples/we-call-it-bear.wav');

let server: StaticServer;
let browser: Browser;
let origin: string;

beforeAll(async () => {
  if (!existsSync(join(site, 'index.html'))) throw new Error('dist-web/ is missing: run `npm run build:web` first (npm run test:e2e does).');
  server = await serveStatic(site);
  origin = server.origin;
  browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: ['--enable-unsafe-webgpu', '--use-webgpu-adapter=swiftshader'],
  });
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

async function scoreInPage(backend: 'wasm' | 'webgpu') {
  const page = await browser.newPage();
  await page.goto(`${origin}/?backend=${backend}`);
  await page.waitForFunction(() => document.getElementById('status')!.textContent!.startsWith('Ready'));
  const status = await page.textContent('#status');
  await page.setInputFiles('#file', wav);
  await page.click('#score');
  await page.waitForFunction(() => document.getElementById('json')!.textContent !== '');
  const envelope = JSON.parse((await page.textContent('#json'))!) as { text_score: { service_score: { pronunciation: number }; word_score_list: { quality_score: number }[] } };
  const colours = await page.$$eval('#words details', (words) => words.map((w) => (w as HTMLElement).dataset.quality));
  await page.close();
  return { status, envelope, colours };
}

describe('the demo in Chromium', () => {
  it('scores an uploaded recording on WASM and WebGPU with the CLI numbers, asking the server for nothing but the app and models', async () => {
    // The demo sends intonation and fluency too (DEMO_PARAMS in public/app.ts).
    const node = await createNodeEngine().scoreText(
      { text: 'we call it bear', dialect: 'en-us', include_intonation: '1', include_fluency: '1' },
      new Uint8Array(readFileSync(wav)),
    );
    if (node.status !== 'success') throw new Error('node scoring failed');
    for (const backend of ['wasm', 'webgpu'] as const) {
      const { status, envelope, colours } = await scoreInPage(backend);
      expect(status).toBe(`Ready (${backend})`);
      expect(Math.abs(envelope.text_score.service_score.pronunciation - node.text_score.service_score.pronunciation)).toBeLessThanOrEqual(1);
      envelope.text_score.word_score_list.forEach((w, i) => expect(Math.abs(w.quality_score - node.text_score.word_score_list[i]!.quality_score)).toBeLessThanOrEqual(1));
      expect(colours).toHaveLength(4);
    }
    const paths = server.requests;
    expect(paths.every((p) => /^\/(assets\/|models\/|sw\.js$|precache\.json$|manifest\.webmanifest$|icon\.svg$|$)/.test(p))).toBe(true);
  });

  it('records from the microphone (a fake device playing the example), scores and colours the words', async () => {
    const recorder = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      headless: true,
      args: ['--use-fake-ui-for-media-stream', '--use-fake-device-for-media-stream', `--use-file-for-fake-audio-capture=${wav}`],
    });
    try {
      const page = await recorder.newPage();
      await page.goto(`${origin}/?backend=wasm`);
      await page.waitForFunction(() => document.getElementById('status')!.textContent!.startsWith('Ready'));
      await page.click('#record');
      await page.waitForFunction(() => document.getElementById('status')!.textContent === 'Recording…');
      await page.waitForTimeout(1600);
      await page.click('#record');
      await page.waitForFunction(() => document.getElementById('json')!.textContent !== '');
      const envelope = JSON.parse((await page.textContent('#json'))!) as { status: string };
      expect(envelope.status).toBe('success');
      const colours = await page.$$eval('#words details', (words) => words.map((w) => (w as HTMLElement).dataset.quality));
      expect(colours).toHaveLength(4);
      expect(colours.every((c) => c === 'pass' || c === 'fail')).toBe(true);
    } finally {
      await recorder.close();
    }
  });

  it('scores after an offline reload: the service worker keeps the app, Cache Storage the models', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${origin}/?backend=wasm`);
    await page.waitForFunction(() => document.getElementById('status')!.textContent!.startsWith('Ready'));
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    await context.setOffline(true);
    await page.reload();
    await page.waitForFunction(() => document.getElementById('status')!.textContent!.startsWith('Ready'));
    await page.setInputFiles('#file', wav);
    await page.click('#score');
    await page.waitForFunction(() => document.getElementById('json')!.textContent !== '');
    const envelope = JSON.parse((await page.textContent('#json'))!) as { status: string };
    expect(envelope.status).toBe('success');
    await context.close();
  });
});
