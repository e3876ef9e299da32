/**
 * `npm run bench:browser`: the budgets of issue #7, measured on the built demo in headless Chromium.
 * - app JavaScript, gzip, excluding onnxruntime's WASM (budget 300 kB): every .js file the
 *   browser asks the server for while it opens the demo, records from the (fake) microphone
 *   and scores, then scores an uploaded WAV and an Ogg Opus file. Decoders for other formats
 *   load on demand and are listed apart, as is what the service worker fetches on install
 *   for offline use (after the page is running);
 * - first-visit model download (budget 25 MB): the model files the page asked for;
 * - scoring time with models cached, WASM (budget 5 s of speech in 2 s): the 7.4 s passage as
 *   samples through window.oralisScorer, median of RUNS after a warm-up.
 * Prints the report and writes reports/browser-bench.json.
 */
import { mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { expect, it } from 'vitest';
import { prepareAudio } from '../src/audio/prepare.js';
import { launchChromium, openDemo, REPO, scoredJson, serveDemo, SITE } from './demo-page.js';

const PASSAGE = 'The north wind and the sun were disputing which was the stronger, when a traveler came along wrapped in a warm cloak.';
const RUNS = 5;
const kB = (bytes: number) => Math.round(bytes / 1024);
const gzipKb = (files: string[]) => kB(files.reduce((s, f) => s + gzipSync(readFileSync(join(SITE, f))).length, 0));
const walk = (dir: string): string[] => readdirSync(dir).flatMap((f) => (statSync(join(dir, f)).isDirectory() ? walk(join(dir, f)) : [join(dir, f)]));

it('measures the browser budgets', async () => {
  const { samples, seconds } = await prepareAudio(readFileSync(join(REPO, 'examples/north-wind.ogg')), { maxSeconds: 46, endpoint: 'bench' });
  const server = await serveDemo();
  const browser = await launchChromium([
    '--use-fake-ui-for-media-stream',
    '--use-fake-device-for-media-stream',
    `--use-file-for-fake-audio-capture=${join(REPO, 'examples/we-call-it-bear.wav')}`,
  ]);
  try {
    // Without the service worker, whose install fetches the whole app for offline use, the
    // server sees exactly what the page and its worker load.
    const page = await (await browser.newContext({ serviceWorkers: 'block' })).newPage();
    await openDemo(page, server.origin);
    await page.click('#record');
    await page.waitForTimeout(1600);
    await page.click('#record');
    for (const upload of ['examples/we-call-it-bear.wav', 'examples/north-wind.ogg']) {
      expect(await scoredJson<{ status: string }>(page)).toMatchObject({ status: 'success' });
      await page.evaluate(() => (document.getElementById('json')!.textContent = ''));
      await page.setInputFiles('#file', join(REPO, upload));
      await page.click('#score');
    }
    expect(await scoredJson<{ status: string }>(page)).toMatchObject({ status: 'success' });

    const times = await page.evaluate(
      async ({ data, text, runs }) => {
        const scorer = (window as unknown as { oralisScorer: { scoreText(p: object, a: object): Promise<{ status: string }> } }).oralisScorer;
        const out: number[] = [];
        for (let i = 0; i <= runs; i++) {
          const t = performance.now();
          const result = await scorer.scoreText({ text, dialect: 'en-us' }, { samples: new Float32Array(data), sampleRate: 16000 });
          if (result.status !== 'success') throw new Error(JSON.stringify(result));
          if (i > 0) out.push(performance.now() - t); // the first run warms up
        }
        return out;
      },
      { data: Array.from(samples), text: PASSAGE, runs: RUNS },
    );
    const median = [...times].sort((a, b) => a - b)[Math.floor(times.length / 2)]!;

    const requested = [...new Set(server.requests.map((p) => p.slice(1)))];
    const js = (paths: string[]) => paths.filter((p) => p.endsWith('.js') && p !== 'sw.js');
    const pageJs = js(requested);
    const allJs = js(walk(SITE).map((f) => f.slice(SITE.length + 1)));
    const precache = JSON.parse(readFileSync(join(SITE, 'precache.json'), 'utf8')) as string[];
    const models = requested.filter((p) => p.startsWith('oralis/'));
    const report = {
      app_js_gzip_kb: gzipKb(pageJs),
      app_js_files: pageJs,
      on_demand_js_gzip_kb: Object.fromEntries(allJs.filter((f) => !pageJs.includes(f)).map((f) => [f, gzipKb([f])])),
      service_worker_precache_js_gzip_kb: gzipKb(js(precache)),
      first_visit_model_download_mb: Math.round((models.reduce((s, f) => s + statSync(join(SITE, f)).size, 0) / 2 ** 20) * 10) / 10,
      passage_seconds: Math.round(seconds * 100) / 100,
      score_ms_median_wasm: Math.round(median),
      score_ms_per_5s_of_speech_wasm: Math.round((median / seconds) * 5),
      runs: RUNS,
    };
    console.log(JSON.stringify(report, null, 2));
    mkdirSync(join(REPO, 'reports'), { recursive: true });
    writeFileSync(join(REPO, 'reports/browser-bench.json'), `${JSON.stringify(report, null, 2)}\n`);
    expect(report.app_js_files.some((f) => f.includes('scoring-worker'))).toBe(true);
  } finally {
    await browser.close();
    await server.close();
  }
});
