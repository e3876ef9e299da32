/**
 * The package as an adopter gets it: `npm pack`, then installed into a fresh
 * Node project (examples/node) and a fresh Vite app (examples/vite), the
 * README's steps and nothing else. Both score the bundled example, the Vite
 * one built and opened in Chromium, and agree with this checkout's engine.
 */
import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
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
function freshProject(name: 'node' | 'vite'): string {
  const dir = join(work, name);
  cpSync(join(REPO, 'examples', name), dir, { recursive: true });
  execFileSync('npm', ['install', '--no-audit', '--no-fund', '--prefer-offline', tarball], { cwd: dir, stdio: 'pipe' });
  return dir;
}

describe('the packed package in fresh projects', () => {
  it('a Node project scores the example with examples/node/score.js', () => {
    const dir = freshProject('node');
    const envelope = JSON.parse(execFileSync(process.execPath, ['score.js', WAV], { cwd: dir, encoding: 'utf8' })) as unknown;
    expect(envelope).toEqual(expected);
  });

  it('a Vite app with the oralis/vite plugin builds and scores the example in Chromium', async () => {
    const dir = freshProject('vite');
    execFileSync('npx', ['vite', 'build'], { cwd: dir, stdio: 'pipe' });
    const server = await serveStatic(join(dir, 'dist'));
    const browser = await launchChromium();
    try {
      const page = await browser.newPage();
      await page.goto(server.origin);
      await page.waitForFunction(() => document.getElementById('status')!.textContent!.startsWith('Ready'));
      await page.setInputFiles('#audio', WAV);
      await page.click('#score');
      await page.waitForFunction(() => document.getElementById('result')!.textContent !== '');
      expectSameEnvelope(JSON.parse((await page.textContent('#result'))!), expected);
      // The models came from the plugin's folder, and only the permissive ones were built in.
      expect(server.requests).toContain('/oralis/en-us/acoustic.onnx');
    } finally {
      await browser.close();
      await server.close();
    }
  });
});
