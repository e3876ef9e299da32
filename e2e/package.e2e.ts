/**
 * The package as an adopter gets it: `npm pack`, then installed into a fresh
 * Node project (examples/node) and a fresh Vite app (examples/vite), the
 * README's steps and nothing else. Both score the bundled example, the Vite
 * one built and opened in Chromium, and agree with this checkout's engine.
 */
import { execFile, execFileSync, spawn } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { promisify } from 'node:util';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { OPT_IN_CODE } from '../src/contract/opt-in.js';
import { createNodeEngine } from '../src/node.js';
import { serveStatic } from '../test/helpers/static-server.js';
import { expectSameEnvelope, launchChromium, REPO } from './demo-page.js';

const WAV = join(REPO, 'examples/we-call-it-bear.wav');
const work = mkdtempSync(join(tmpdir(), 'oralis-adopter-'));
let tarball = '';
let expected: unknown;

beforeAll(async () => {
  // `npm pack` runs the package's prepare script (the build), as `npm publish` would.
  const [packed] = JSON.parse(execFileSync('npm', ['pack', '--json', '--pack-destination', work], { cwd: REPO, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] })) as [{ filename: string }];
  tarball = join(work, packed.filename);
  expected = await createNodeEngine().scoreText({ text: 'we call it bear', dialect: 'en-us', include_fluency: '1' }, new Uint8Array(readFileSync(WAV)));
}, 600_000);

/** examples/<name> copied to an empty folder, with the tarball installed as the README says (`npm install oralis`). */
function freshProject(name: 'node' | 'vite' | 'webpack'): string {
  const dir = join(work, name);
  cpSync(join(REPO, 'examples', name), dir, { recursive: true });
  execFileSync('npm', ['install', '--no-audit', '--no-fund', '--prefer-offline', tarball], { cwd: dir, stdio: 'pipe' });
  return dir;
}

/** Opens a built app and scores each upload through its page (the text field set first where given): the envelopes it shows. */
async function scoreInApp(site: string, uploads: readonly { file: string; text?: string }[]): Promise<{ envelopes: unknown[]; requests: string[] }> {
  const server = await serveStatic(site);
  const browser = await launchChromium();
  try {
    const page = await browser.newPage();
    await page.goto(server.origin);
    await page.waitForFunction(() => document.getElementById('status')!.textContent!.startsWith('Ready'));
    const envelopes = [];
    for (const { file, text } of uploads) {
      if (text) await page.fill('#text', text);
      await page.setInputFiles('#audio', file);
      await page.evaluate(() => (document.getElementById('result')!.textContent = ''));
      await page.click('#score');
      await page.waitForFunction(() => document.getElementById('result')!.textContent !== '');
      envelopes.push(JSON.parse((await page.textContent('#result'))!) as unknown);
    }
    return { envelopes, requests: [...server.requests] };
  } finally {
    await browser.close();
    await server.close();
  }
}

/** A build's licence report (written by oralis/vite) names no GPL/LGPL/AGPL code and ships no such model. */
function expectPermissive(report: string): void {
  const { code, models } = JSON.parse(readFileSync(report, 'utf8')) as { code: { package: string; license: string }[]; models: { folder: string; spdx: string; shipped: boolean }[] };
  expect(code.map((c) => c.package)).toEqual(expect.arrayContaining(['oralis', 'onnxruntime-web']));
  expect(code.filter((c) => /GPL/.test(c.license))).toEqual([]);
  expect(models.filter((m) => m.shipped && /GPL|-NC-/.test(m.spdx))).toEqual([]);
}

describe('the packed package in fresh projects', () => {
  it('a Node project scores the example with examples/node/score.js; copyleft decoders are not installed, and an MP3 says how to opt in', () => {
    const dir = freshProject('node');
    const envelope = JSON.parse(execFileSync(process.execPath, ['score.js', WAV], { cwd: dir, encoding: 'utf8' })) as unknown;
    expect(envelope).toEqual(expected);
    // The opt-in packages are optional peer dependencies: npm leaves them (and the GPL decoders they pull in) out.
    const copyleft = [...Object.keys(OPT_IN_CODE), '@audio/decode-aac', '@audio/decode-ac3', '@audio/decode-eac3', '@audio/decode-dts', 'codec-parser'];
    expect(copyleft.filter((name) => existsSync(join(dir, 'node_modules', name)))).toEqual([]);
    const mp3 = JSON.parse(execFileSync('npx', ['oralis', 'word', '--audio', join(REPO, 'test/fixtures/audio/speech-sheep.mp3'), '--word', 'sheep'], { cwd: dir, encoding: 'utf8' })) as unknown;
    expect(mp3).toMatchObject({ status: 'error', short_message: 'audio_decode_failed', detail_message: expect.stringContaining('npm install @audio/decode-mp3') });
  });

  it('`npx oralis serve` in that project answers examples/server/client.js with the same envelope', async () => {
    const dir = join(work, 'node');
    cpSync(join(REPO, 'examples/server/client.js'), join(dir, 'client.js'));
    const server = spawn('npx', ['oralis', 'serve', '--port', '0', '--threads', '1'], { cwd: dir, env: { ...process.env, ORALIS_API_KEYS: 'class-7b' }, stdio: ['ignore', 'pipe', 'pipe'] });
    try {
      const url = await new Promise<string>((resolve, reject) => {
        let said = '';
        server.stderr.on('data', (chunk: Buffer) => {
          said += chunk.toString();
          const found = /oralis serve: (http:\/\/[^/\s]+)/.exec(said);
          if (found) resolve(found[1]!);
        });
        server.on('exit', (code) => reject(new Error(`oralis serve exited (${code}): ${said}`)));
      });
      const out = await promisify(execFile)(process.execPath, ['client.js', WAV], { cwd: dir, env: { ...process.env, ORALIS_URL: url, ORALIS_KEY: 'class-7b' } });
      expect(JSON.parse(out.stdout)).toEqual(expected);
    } finally {
      server.kill('SIGTERM');
    }
  });

  it('a Vite app with the oralis/vite plugin builds and scores the example in Chromium', async () => {
    const dir = freshProject('vite');
    execFileSync('npx', ['vite', 'build'], { cwd: dir, stdio: 'pipe' });
    // The second upload is an MP3: the browser decodes it (its decoder package, LGPL code, is not in the build).
    const { envelopes, requests } = await scoreInApp(join(dir, 'dist'), [{ file: WAV }, { file: join(REPO, 'test/fixtures/audio/speech-sheep.mp3'), text: 'sheep' }]);
    expectSameEnvelope(envelopes[0], expected);
    expect(envelopes[1]).toMatchObject({ status: 'success', text_score: { word_score_list: [{ word: 'sheep' }] } });
    // The models came from the plugin's folder, and only the permissive ones were built in.
    expect(requests).toContain('/oralis/en-us/acoustic.onnx');
    expectPermissive(join(dir, 'dist/oralis/licences.json'));
  });

  it('a webpack 5 app (examples/webpack, the same page) builds and scores the example in Chromium', async () => {
    const dir = freshProject('webpack');
    cpSync(join(REPO, 'examples/vite/main.js'), join(dir, 'main.js'));
    cpSync(join(REPO, 'examples/vite/index.html'), join(dir, 'index.html'));
    execFileSync('npm', ['run', 'build'], { cwd: dir, stdio: 'pipe' });
    const { envelopes, requests } = await scoreInApp(join(dir, 'dist'), [{ file: WAV }]);
    expectSameEnvelope(envelopes[0], expected);
    expect(requests).toContain('/oralis/en-us/acoustic.onnx');
  });

  it('the default demo build (npm run build:web) carries no copyleft code either', () => {
    expectPermissive(join(REPO, 'dist-web/oralis/licences.json'));
  });
});
