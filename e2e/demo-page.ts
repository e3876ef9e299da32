/** What the browser tests share: Debian's Chromium, the built demo on a local server, and waiting for it to be ready. */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { expect } from 'vitest';
import { serveStatic, type StaticServer } from '../test/helpers/static-server.js';

export const REPO = fileURLToPath(new URL('..', import.meta.url));
export const SITE = join(REPO, 'dist-web');

const EXECUTABLE = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export function launchChromium(args: string[] = []): Promise<Browser> {
  return chromium.launch({ executablePath: EXECUTABLE, headless: true, args });
}

/** A browser with a profile on disk: unlike launchChromium's contexts it is not incognito, so it may install apps. */
export function launchProfile(): Promise<BrowserContext> {
  return chromium.launchPersistentContext(mkdtempSync(join(tmpdir(), 'oralis-profile-')), { executablePath: EXECUTABLE, headless: true });
}

/** `vite preview` on the built demo, as `npm run demo` runs it (its own headers: Vary: Origin among them). */
export async function startPreview(): Promise<{ origin: string; stop: () => void }> {
  if (!existsSync(join(SITE, 'index.html'))) throw new Error('dist-web/ is missing: run `npm run build:web` first (npm run test:e2e does).');
  const child = spawn(process.execPath, [join(REPO, 'node_modules/vite/bin/vite.js'), 'preview', '--port', '0', '--strictPort'], {
    cwd: REPO,
    // Uncoloured, so the URL can be read from its output.
    env: { ...process.env, NO_COLOR: '1', FORCE_COLOR: '0' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const origin = await new Promise<string>((resolve, reject) => {
    let said = '';
    const listen = (chunk: Buffer) => {
      said += chunk.toString();
      const found = /Local:\s+(http:\/\/localhost:\d+)/.exec(said);
      if (found) resolve(found[1]!);
    };
    child.stdout.on('data', listen);
    child.stderr.on('data', listen);
    child.on('exit', (code) => reject(new Error(`vite preview exited (${code}): ${said}`)));
  });
  return { origin, stop: () => child.kill() };
}

export function serveDemo(): Promise<StaticServer> {
  if (!existsSync(join(SITE, 'index.html'))) throw new Error('dist-web/ is missing: run `npm run build:web` first (npm run test:e2e does).');
  return serveStatic(SITE);
}

/** Opens the demo on a backend and waits until its models are loaded. */
export async function openDemo(page: Page, origin: string, backend: 'wasm' | 'webgpu' = 'wasm'): Promise<void> {
  await page.goto(`${origin}/?backend=${backend}`);
  await untilReady(page);
}

/** Waits until the page says its models are loaded (after a goto or a reload). */
export async function untilReady(page: Page): Promise<void> {
  await page.waitForFunction(() => document.getElementById('status')!.textContent!.startsWith('Ready'));
}

/** Waits for the raw JSON of a scoring to appear and parses it. */
export async function scoredJson<T>(page: Page): Promise<T> {
  await page.waitForFunction(() => document.getElementById('json')!.textContent !== '');
  return JSON.parse((await page.textContent('#json'))!) as T;
}

/** Same JSON shape, same strings, every number within 1 (browser and Node "equal within 1 point"). */
export function expectSameEnvelope(actual: unknown, expected: unknown, path = '$'): void {
  if (typeof expected === 'number') {
    expect(typeof actual, path).toBe('number');
    expect(Math.abs((actual as number) - expected), path).toBeLessThanOrEqual(1);
  } else if (Array.isArray(expected)) {
    expect(Array.isArray(actual) && actual.length, path).toBe(expected.length);
    expected.forEach((e, i) => expectSameEnvelope((actual as unknown[])[i], e, `${path}[${i}]`));
  } else if (expected !== null && typeof expected === 'object') {
    expect(Object.keys(actual as object).sort(), path).toEqual(Object.keys(expected).sort());
    for (const [k, v] of Object.entries(expected)) expectSameEnvelope((actual as Record<string, unknown>)[k], v, `${path}.${k}`);
  } else {
    expect(actual, path).toEqual(expected);
  }
}
