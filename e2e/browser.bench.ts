/**
 * `npm run bench:browser`: the budgets of issue #7, measured on the built demo.
 * - app JavaScript, gzip, excluding onnxruntime's WASM (budget 300 kB): every .js in
 *   dist-web except the lazily loaded format decoders a recording may never need
 *   and the letter-to-sound module (loaded only for include_unknown_words);
 * - first-visit model download (budget 25 MB): the shipped model files;
 * - scoring time with models cached, headless Chromium, WASM (budget 5 s of speech in 2 s).
 * Prints the report and writes reports/browser-bench.json.
 */
import { mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { expect, it } from 'vitest';
import { prepareAudio } from '../src/audio/prepare.js';
import { serveStatic } from '../test/helpers/static-server.js';

const repo = fileURLToPath(new URL('..', import.meta.url));
const site = join(repo, 'dist-web');
const PASSAGE = 'The north wind and the sun were disputing which was the stronger, when a traveler came along wrapped in a warm cloak.';
const RUNS = 5;

const walk = (dir: string): string[] => readdirSync(dir).flatMap((f) => (statSync(join(dir, f)).isDirectory() ? walk(join(dir, f)) : [join(dir, f)]));
const kB = (bytes: number) => Math.round(bytes / 1024);

it('measures the browser budgets', async () => {
  const files = walk(site);
  const lazy = /\/(decode-(?!(?:opus|webm|wav)-)[a-z0-9]+|phonemizer)-[^/]*\.js$/;
  const appJs = files.filter((f) => f.endsWith('.js') && !lazy.test(f) && !f.endsWith('sw.js'));
  const appGzip = appJs.reduce((s, f) => s + gzipSync(readFileSync(f)).length, 0);
  const models = files.filter((f) => f.includes(`${join(site, 'models')}/`));
  const modelBytes = models.reduce((s, f) => s + statSync(f).size, 0);

  const { samples, seconds } = await prepareAudio(readFileSync(join(repo, 'examples/north-wind.ogg')), { maxSeconds: 46, endpoint: 'bench' });
  const server = await serveStatic(site);
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', headless: true });
  try {
    const page = await browser.newPage();
    await page.goto(`${server.origin}/?backend=wasm`);
    await page.waitForFunction(() => document.getElementById('status')!.textContent!.startsWith('Ready'));
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
    const report = {
      app_js_gzip_kb: kB(appGzip),
      app_js_files: appJs.map((f) => f.slice(site.length + 1)),
      first_visit_model_download_mb: Math.round((modelBytes / 2 ** 20) * 10) / 10,
      passage_seconds: Math.round(seconds * 100) / 100,
      score_ms_median_wasm: Math.round(median),
      score_ms_per_5s_of_speech_wasm: Math.round((median / seconds) * 5),
      runs: RUNS,
    };
    console.log(JSON.stringify(report, null, 2));
    mkdirSync(join(repo, 'reports'), { recursive: true });
    writeFileSync(join(repo, 'reports/browser-bench.json'), `${JSON.stringify(report, null, 2)}\n`);
    expect(report.score_ms_median_wasm).toBeGreaterThan(0);
  } finally {
    await browser.close();
    await server.close();
  }
});
