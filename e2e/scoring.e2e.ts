import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContextOptions, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { prepareAudio } from '../src/audio/prepare.js';
import { createNodeEngine } from '../src/node.js';
import type { StaticServer } from '../test/helpers/static-server.js';
import { expectSameEnvelope, launchChromium, launchProfile, openDemo, REPO, scoredJson, serveDemo, SITE, startPreview, untilReady } from './demo-page.js';

const wav = join(REPO, 'examples/we-call-it-bear.wav');

let server: StaticServer;
let browser: Browser;

beforeAll(async () => {
  server = await serveDemo();
  browser = await launchChromium(['--enable-unsafe-webgpu', '--use-webgpu-adapter=swiftshader']);
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

interface TextResult {
  status: string;
  text_score: { service_score: { pronunciation: number }; word_score_list: { quality_score: number }[] };
}

/** Same JSON shape, same strings, every number within 1 (the "equal within 1 point"). */
async function scoreInPage(backend: 'wasm' | 'webgpu') {
  const context = await browser.newContext();
  // Everything the browser requests, from the page, its workers and the service worker, whatever the origin.
  const urls: string[] = [];
  context.on('request', (request) => urls.push(request.url()));
  const page = await context.newPage();
  await openDemo(page, server.origin, backend);
  const status = await page.textContent('#status');
  await page.setInputFiles('#file', wav);
  await page.click('#score');
  const envelope = await scoredJson<TextResult>(page);
  const colours = await page.$$eval('#words details', (words) => words.map((w) => (w as HTMLElement).dataset.quality));
  await context.close();
  return { status, envelope, colours, urls };
}

describe('the demo in Chromium', () => {
  /** A fresh page (its own storage) on the demo with its models loaded, closed afterwards. */
  async function onDemoPage(work: (page: Page) => Promise<void>, options: BrowserContextOptions = {}): Promise<void> {
    const page = await browser.newPage(options);
    try {
      await openDemo(page, server.origin);
      await work(page);
    } finally {
      await page.close();
    }
  }

  it('scores an uploaded recording on WASM and WebGPU with the CLI numbers, asking the server for nothing but the app and models', async () => {
    // The CLI, with the parameters the demo sends (demoParams() in public/app.ts, English).
    const cli = JSON.parse(
      execFileSync(process.execPath, [join(REPO, 'dist/cli/main.js'), 'text', '--audio', wav, '--text', 'we call it bear', '--include-intonation', '--include-fluency'], {
        encoding: 'utf8',
      }),
    ) as TextResult;
    expect(cli.status).toBe('success');
    for (const backend of ['wasm', 'webgpu'] as const) {
      const { status, envelope, colours, urls } = await scoreInPage(backend);
      // The worker's model downloads are seen too, so nothing it sent could be missed.
      expect(urls).toContain(`${server.origin}/oralis/en-us/acoustic.onnx`);
      expect(urls.filter((u) => !u.startsWith(`${server.origin}/`) && !u.startsWith('blob:') && !u.startsWith('data:'))).toEqual([]);
      expect(status).toBe(`Ready (${backend})`);
      expectSameEnvelope(envelope, cli);
      expect(colours).toHaveLength(4);
    }
    const paths = server.requests;
    expect(paths.every((p) => /^\/(assets\/|oralis\/|sw\.js$|precache\.json$|manifest\.webmanifest$|icon(-\d+\.png|\.svg)$|index\.html$|$)/.test(p))).toBe(true);
    // Nothing is sent: only GETs without a body, and neither the text nor audio in any URL.
    expect(server.log.filter((r) => r.method !== 'GET' || r.bodyBytes > 0 || /bear|\.wav/.test(r.url))).toEqual([]);
  });

  it('takes a Blob, an ArrayBuffer or samples through the scorer API and answers with the Node engine\'s envelopes', async () => {
    const bytes = new Uint8Array(readFileSync(wav));
    const { samples } = await prepareAudio(bytes, { maxSeconds: 46, endpoint: 'test' });
    const text = { text: 'we call it bear', dialect: 'en-us', include_fluency: '1', include_intonation: '1' } as const;
    const word = { word: 'bear', dialect: 'en-us' } as const;
    const node = createNodeEngine();
    const expected = {
      blob: await node.scoreText(text, bytes),
      buffer: await node.scoreText(text, bytes),
      samples: await node.scoreText(text, { samples, sampleRate: 16_000 }),
      word: await node.scoreWord(word, bytes),
    };
    const page = await browser.newPage();
    await openDemo(page, server.origin);
    const actual = await page.evaluate(
      async ({ text, word, bytes, samples }) => {
        type Score = (params: object, audio: unknown) => Promise<unknown>;
        const scorer = (window as unknown as { oralisScorer: { scoreText: Score; scoreWord: Score } }).oralisScorer;
        const u8 = new Uint8Array(bytes);
        return {
          blob: await scorer.scoreText(text, new Blob([u8])),
          buffer: await scorer.scoreText(text, u8.slice().buffer),
          samples: await scorer.scoreText(text, { samples: new Float32Array(samples), sampleRate: 16_000 }),
          word: await scorer.scoreWord(word, u8.slice().buffer),
        };
      },
      { text, word, bytes: [...bytes], samples: [...samples] },
    );
    expectSameEnvelope(actual, expected);
    await page.close();
  });

  it('is installable: Chromium finds nothing missing in the manifest, icons and service worker', async () => {
    const profile = await launchProfile();
    try {
      const page = await profile.newPage();
      await openDemo(page, server.origin);
      await page.evaluate(async () => navigator.serviceWorker.ready);
      const cdp = await profile.newCDPSession(page);
      const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as { installabilityErrors: { errorId: string }[] };
      const { url } = (await cdp.send('Page.getAppManifest')) as { url: string };
      expect(url).toBe(`${server.origin}/manifest.webmanifest`);
      expect(installabilityErrors.map((e) => e.errorId)).toEqual([]);
    } finally {
      await profile.close();
    }
  });

  it('records from the microphone (a fake device playing the example), scores and colours the words', async () => {
    const recorder = await launchChromium(['--use-fake-ui-for-media-stream', '--use-fake-device-for-media-stream', `--use-file-for-fake-audio-capture=${wav}`]);
    try {
      const page = await recorder.newPage();
      await openDemo(page, server.origin);
      await page.click('#record');
      await page.waitForFunction(() => /^(Listening|Recording)…/.test(document.getElementById('status')!.textContent!));
      expect(await page.getAttribute('#record', 'aria-pressed')).toBe('true');
      await page.waitForTimeout(2500);
      // A press stops it (the passage has no long silence to stop it by itself).
      if ((await page.getAttribute('#record', 'aria-pressed')) === 'true') await page.click('#record');
      const envelope = await scoredJson<{ status: string }>(page);
      expect(envelope.status).toBe('success');
      const colours = await page.$$eval('#words details', (words) => words.map((w) => (w as HTMLElement).dataset.quality));
      expect(colours).toHaveLength(4);
      expect(colours.every((c) => c === 'pass' || c === 'fail')).toBe(true);
    } finally {
      await recorder.close();
    }
  });

  it('records a word five times through the microphone within 5 points of each other and of the same file uploaded', async () => {
    // The word with silence around it, as a learner says it; the fake device plays it in a loop.
    const { samples } = await prepareAudio(new Uint8Array(readFileSync(join(REPO, 'test/fixtures/audio/speech-sheep.wav'))), { maxSeconds: 30, endpoint: 'test' });
    const padded = join(mkdtempSync(join(tmpdir(), 'oralis-mic-')), 'sheep-padded.wav');
    writeFileSync(padded, wavFile(new Float32Array([...new Float32Array(16_000), ...samples, ...new Float32Array(24_000)]), 16_000));
    const recorder = await launchChromium(['--use-fake-ui-for-media-stream', '--use-fake-device-for-media-stream', `--use-file-for-fake-audio-capture=${padded}`]);
    try {
      const page = await recorder.newPage();
      await openDemo(page, server.origin);
      await page.check('input[name=mode][value=word]');
      await page.fill('#text', 'sheep');
      const quality = async (act: () => Promise<void>) => {
        await page.evaluate(() => (document.getElementById('json')!.textContent = ''));
        await act();
        const envelope = await scoredJson<{ status: string; word_score?: { quality_score: number } }>(page);
        expect(envelope.status).toBe('success');
        return envelope.word_score!.quality_score;
      };
      const takes = [];
      // Each take stops by itself after the word (no second press).
      for (let take = 0; take < 5; take++) takes.push(await quality(() => page.click('#record')));
      await page.setInputFiles('#file', join(REPO, 'test/fixtures/audio/speech-sheep.wav'));
      const uploaded = await quality(() => page.click('#score'));
      expect(Math.max(...takes) - Math.min(...takes), `takes ${takes.join(', ')}`).toBeLessThanOrEqual(5);
      for (const q of takes) expect(Math.abs(q - uploaded), `takes ${takes.join(', ')}, uploaded ${uploaded}`).toBeLessThanOrEqual(5);
    } finally {
      await recorder.close();
    }
  });

  it.each(['light', 'dark'] as const)('fits a 390 × 844 phone without sideways scrolling, and axe-core finds no serious or critical violation (%s mode)', async (colorScheme) => {
    await onDemoPage(async (page) => {
      await page.setInputFiles('#file', wav);
      await page.click('#score');
      await scoredJson(page);
      // Every word's phones open, so their colours are checked too.
      await page.evaluate(() => document.querySelectorAll('#words details').forEach((d) => ((d as HTMLDetailsElement).open = true)));
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      await page.addScriptTag({ content: readFileSync(join(REPO, 'node_modules/axe-core/axe.min.js'), 'utf8') });
      const violations = await page.evaluate(async () => {
        const axe = (window as unknown as { axe: { run(): Promise<{ violations: { id: string; impact: string; nodes: { html: string }[] }[] }> } }).axe;
        return (await axe.run()).violations.map((v) => ({ id: v.id, impact: v.impact, first: v.nodes[0]?.html }));
      });
      expect(violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual([]);
    }, { viewport: { width: 390, height: 844 }, colorScheme });
  });

  it('plays back the recording and each word\'s own extent of it, and offers a model pronunciation or says there is no voice', async () => {
    await onDemoPage(async (page) => {
      await page.setInputFiles('#file', wav);
      await page.click('#score');
      const envelope = await scoredJson<{ text_score: { word_score_list: { word: string; phone_score_list: { extent: [number, number] }[] }[] } }>(page);
      const bear = envelope.text_score.word_score_list.find((w) => w.word === 'bear')!;
      const from = Math.min(...bear.phone_score_list.map((p) => p.extent[0])) / 100;
      const to = Math.max(...bear.phone_score_list.map((p) => p.extent[1])) / 100;
      await page.click('#words details:last-child summary');
      await page.click('#words details:last-child .play-word');
      expect(await page.textContent('#playback')).toBe(`Playing “bear”, ${from.toFixed(2)}–${to.toFixed(2)} s of your recording.`);
      await page.click('#play-all');
      expect(await page.textContent('#playback')).toMatch(/^Playing your recording \(1\.\d s\)\.$/);
      await page.click('#hear-model');
      expect(await page.textContent('#playback')).toMatch(/^(Saying “we call it bear” with the .+ voice \(en-US\)|This device has no en-US voice to say it; .+)\.$/);
    });
  });

  it('keeps attempts on the device: two attempts at a text show the trend and the word-by-word change, and export as CSV and JSON', async () => {
    await onDemoPage(async (page) => {
      await page.setInputFiles('#file', wav);
      const scores = [];
      for (let attempt = 0; attempt < 2; attempt++) {
        await page.evaluate(() => (document.getElementById('json')!.textContent = ''));
        await page.click('#score');
        scores.push((await scoredJson<{ text_score: { service_score: { pronunciation: number } } }>(page)).text_score.service_score.pronunciation);
        await page.waitForFunction((n) => document.querySelectorAll('#attempts li').length === n, attempt + 1);
      }
      expect(await page.textContent('#trend')).toBe(`2 attempts: the same score since the first (${scores[0]} → ${scores[1]}); best ${scores[0]}.`);
      expect(await page.$$eval('#compare li', (li) => li.map((l) => l.textContent!.split(':')[0]))).toEqual(['we', 'call', 'it', 'bear']);
      expect(await page.textContent('#compare li')).toMatch(/^we: \d+ → \d+ \(same\)$/);

      const saved = async (button: string) => {
        const [file] = await Promise.all([page.waitForEvent('download'), page.click(button)]);
        return { name: file.suggestedFilename(), content: readFileSync((await file.path())!, 'utf8') };
      };
      const csv = await saved('#export-csv');
      expect(csv.name).toBe('oralis-attempts.csv');
      const lines = csv.content.trim().split('\n');
      expect(lines[0]).toBe('at,mode,dialect,text,score,fluency,words');
      expect(lines).toHaveLength(3);
      expect(lines[1]).toMatch(new RegExp(`^\\d{4}-\\d\\d-\\d\\dT[^,]+,text,en-us,we call it bear,${scores[0]},\\d+,we:\\d+ call:\\d+ it:\\d+ bear:\\d+$`));
      const json = JSON.parse((await saved('#export-json')).content) as { text: string; score: number; words: unknown[] }[];
      expect(json.map((a) => [a.text, a.score, a.words.length])).toEqual([
        ['we call it bear', scores[0], 4],
        ['we call it bear', scores[1], 4],
      ]);
    });
  });

  it('reaches the other modes: multiple choice says which option was said, and guessing unknown words says how to opt in where the build lacks it', async () => {
    await onDemoPage(async (page) => {
      await page.fill('#text', 'the north wind and the sun\nwe call it bear');
      await page.setInputFiles('#file', wav);
      await page.click('#score');
      const envelope = await scoredJson<{ text_score: { text: string } }>(page);
      expect(envelope.text_score.text).toBe('we call it bear');
      expect(await page.textContent('#summary')).toMatch(/^You said option 2 of 2, “we call it bear”\. Pronunciation \d+/);

      // The default build leaves espeak-ng (GPL) out: the page says so instead of failing silently.
      await page.fill('#text', 'we call it zorbik');
      await page.check('#guess');
      await page.evaluate(() => (document.getElementById('json')!.textContent = ''));
      await page.click('#score');
      expect(await scoredJson(page)).toMatchObject({ status: 'error', short_message: 'feature_unavailable' });
      expect(await page.textContent('#error')).toContain('npm install phonemizer');
    });
  });

  it('can be used with the keyboard alone: pick a word, score it, draw its pitch over the waveform, open its phones', async () => {
    const page = await browser.newPage();
    await openDemo(page, server.origin);
    const focused = () => page.evaluate(() => (document.activeElement as HTMLElement | null)?.id || (document.activeElement as HTMLInputElement | null)?.value);
    await page.keyboard.press('Tab');
    expect(await focused()).toBe('text'); // the checked radio: "a passage"
    await page.keyboard.press('ArrowRight');
    expect(await page.inputValue('#text')).toBe('bear'); // "a word" now, with its first example
    await page.keyboard.press('Tab');
    expect(await focused()).toBe('dialect');
    await page.keyboard.press('Tab');
    expect(await focused()).toBe('preset');
    await page.keyboard.press('ArrowDown');
    expect(await page.inputValue('#text')).toBe('sheep');
    for (const next of ['text', 'markup', 'record', 'file', 'score']) {
      await page.keyboard.press('Tab');
      expect(await focused()).toBe(next);
      // Choosing the file is the operating system's dialog; the test hands it over instead.
      if (next === 'file') await page.setInputFiles('#file', join(REPO, 'test/fixtures/audio/speech-sheep.wav'));
    }
    await page.keyboard.press('Enter');
    const envelope = await scoredJson<{ word_score: { word: string; phone_score_list: unknown[] } }>(page);
    expect(envelope.word_score.word).toBe('sheep');
    expect(await page.textContent('#summary')).toMatch(/^“sheep”: \d+ \/ 100 \((pass|fail)\)$/);
    expect(await focused()).toBe('results');

    // The plot: grey waveform and a blue pitch line, described for screen readers.
    expect(await page.getAttribute('#plot', 'aria-label')).toMatch(/^Waveform of 0\.\d s with pitch \d+ to \d+ Hz, ending at \d+ Hz; words sheep \d+\.$/);
    const blue = await page.$eval('#plot', (c) => {
      const canvas = c as HTMLCanvasElement;
      const { data } = canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height);
      let n = 0;
      for (let i = 0; i < data.length; i += 4) if (data[i + 2]! > 140 && data[i]! < 80 && data[i + 3]! > 200) n++;
      return n;
    });
    expect(blue).toBeGreaterThan(100);

    // From the result: the two listening buttons, then the words.
    for (const id of ['play-all', 'hear-model']) {
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => document.activeElement?.id)).toBe(id);
    }
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.tagName)).toBe('SUMMARY');
    await page.keyboard.press('Enter');
    expect(await page.$eval('#words details', (d) => (d as HTMLDetailsElement).open)).toBe(true);
    expect(await page.$$eval('#words li', (li) => li.map((l) => l.textContent!.split(' ')[0]))).toEqual(['/sh/', '/iy/', '/p/']);
    await page.close();
  });

  it('says clearly when a file is not audio or there is no microphone', async () => {
    const page = await browser.newPage();
    await page.addInitScript(() => {
      navigator.mediaDevices.getUserMedia = () => Promise.reject(new DOMException('Requested device not found', 'NotFoundError'));
    });
    await openDemo(page, server.origin);
    await page.setInputFiles('#file', { name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not a recording at all') });
    await page.click('#score');
    await page.waitForFunction(() => document.getElementById('error')!.textContent !== '');
    expect(await page.textContent('#error')).toMatch(/^That file is not a recording this page can read\. .*\(audio_decode_failed\)$/);
    await page.click('#record');
    await page.waitForFunction(() => document.getElementById('error')!.textContent!.startsWith('No microphone'));
    expect(await page.textContent('#error')).toBe('No microphone: this device has none connected. Plug one in, or upload a file.');
    expect(await page.getAttribute('#error', 'role')).toBe('alert');
    await page.close();
  });

  it('never leaves a caller waiting: unloadable models are said on the page, a disposed scorer answers with an envelope', async () => {
    const broken = await browser.newPage();
    await broken.route('**/oralis/**', (route) => route.fulfill({ status: 404 }));
    await broken.goto(`${server.origin}/?backend=wasm`);
    await broken.waitForFunction(() => document.getElementById('error')!.textContent !== '');
    expect(await broken.textContent('#error')).toMatch(/^Could not load the scoring models: .*oralis\/en-us\/.* does not exist\. Reload to try again\.$/);
    expect(await broken.textContent('#status')).toBe('Not ready');
    await broken.close();

    const page = await browser.newPage();
    await openDemo(page, server.origin);
    const answers = await page.evaluate(async () => {
      type Score = (params: object, audio: unknown) => Promise<{ status: string; short_message?: string }>;
      const scorer = (window as unknown as { oralisScorer: { scoreText: Score; dispose(): void } }).oralisScorer;
      const audio = { samples: new Float32Array(16_000).map((_, i) => 0.3 * Math.sin(i / 10)), sampleRate: 16_000 };
      const pending = scorer.scoreText({ text: 'we call it bear', dialect: 'en-us' }, audio);
      scorer.dispose();
      return [await pending, await scorer.scoreText({ text: 'we call it bear', dialect: 'en-us' }, audio)];
    });
    expect(answers.map((a) => a.short_message)).toEqual(['internal_error', 'internal_error']);
    await page.close();
  });

  it('replaces the cached app when a new build is deployed (the service worker carries the build id)', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await openDemo(page, server.origin);
    await page.evaluate(async () => navigator.serviceWorker.ready);
    const sw = readFileSync(join(SITE, 'sw.js'), 'utf8');
    const shell = /oralis-shell-[0-9a-f]{12}/.exec(sw)![0];
    const shells = () => page.evaluate(async () => (await caches.keys()).filter((k) => k.startsWith('oralis-shell-')));
    expect(await shells()).toEqual([shell]);
    // A new build: the same worker script with another id.
    server.replace('/sw.js', sw.replace(shell, 'oralis-shell-0123456789ab'));
    await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())!.update());
    await expect.poll(shells, { timeout: 20_000 }).toEqual(['oralis-shell-0123456789ab']);
    server.replace('/sw.js', sw);
    await context.close();
  });

  it('scores against British English when asked: the en-gb lexicon is fetched on first use, once, and kept for offline use', async () => {
    const car = join(REPO, 'test/fixtures/audio/dialect/car-en-gb.ogg');
    const expected = await createNodeEngine().scoreWord({ word: 'car', dialect: 'en-gb' }, new Uint8Array(readFileSync(car)));
    const context = await browser.newContext();
    const lexicon: string[] = [];
    context.on('request', (request) => request.url().endsWith('/oralis/en-gb/lexicon.json') && lexicon.push(request.url()));
    const page = await context.newPage();
    await openDemo(page, server.origin);
    await page.evaluate(async () => navigator.serviceWorker.ready);
    // Loading the page is not asking for British English.
    expect(lexicon).toEqual([]);
    const scoreCar = async () => {
      await page.check('input[name=mode][value=word]');
      await page.selectOption('#dialect', 'en-gb');
      await page.fill('#text', 'car');
      await page.setInputFiles('#file', car);
      await page.evaluate(() => (document.getElementById('json')!.textContent = ''));
      await page.click('#score');
      return scoredJson<unknown>(page);
    };
    expectSameEnvelope(await scoreCar(), expected);
    expectSameEnvelope(await scoreCar(), expected);
    expect(lexicon).toHaveLength(1);
    await context.setOffline(true);
    await page.reload();
    await untilReady(page);
    expectSameEnvelope(await scoreCar(), expected);
    await context.close();
  });

  it('scores after an offline reload: the service worker keeps the app, Cache Storage the models', async () => {
    expect(await scoresAfterOfflineReload(server.origin)).toBe('success');
  });

  it('does so under the server the README tells users to run (npm run demo: vite preview, which sends Vary: Origin)', async () => {
    const preview = await startPreview();
    try {
      expect(await scoresAfterOfflineReload(preview.origin)).toBe('success');
    } finally {
      preview.stop();
    }
  });

  async function scoresAfterOfflineReload(origin: string): Promise<string> {
    const context = await browser.newContext();
    try {
      const page = await context.newPage();
      await openDemo(page, origin);
      await page.evaluate(async () => {
        await navigator.serviceWorker.ready;
      });
      await context.setOffline(true);
      await page.reload();
      await untilReady(page);
      await page.setInputFiles('#file', wav);
      await page.click('#score');
      return (await scoredJson<{ status: string }>(page)).status;
    } finally {
      await context.close();
    }
  }
});

/** 16-bit mono PCM WAV, for a fake microphone to play. */
function wavFile(samples: Float32Array, rate: number): Buffer {
  const data = Buffer.alloc(samples.length * 2);
  samples.forEach((v, i) => data.writeInt16LE(Math.round(Math.max(-1, Math.min(1, v)) * 32767), i * 2));
  const header = Buffer.alloc(44);
  header.write('RIFF', 0);
  header.writeUInt32LE(36 + data.length, 4);
  header.write('WAVEfmt ', 8);
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(1, 22);
  header.writeUInt32LE(rate, 24);
  header.writeUInt32LE(rate * 2, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36);
  header.writeUInt32LE(data.length, 40);
  return Buffer.concat([header, data]);
}
