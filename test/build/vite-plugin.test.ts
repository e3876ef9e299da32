import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createServer } from 'vite';
import { describe, expect, it } from 'vitest';
import oralis from '../../src/vite.js';

describe('the oralis/vite plugin', () => {
  it('serves the permissive models under oralis/ on the dev server, and not the opt-in ones', async () => {
    const root = mkdtempSync(join(tmpdir(), 'oralis-vite-'));
    writeFileSync(join(root, 'index.html'), '<!doctype html><title>app</title>');
    const server = await createServer({ root, configFile: false, logLevel: 'silent', server: { port: 0 }, plugins: [oralis()] });
    await server.listen();
    try {
      const origin = server.resolvedUrls!.local[0]!.replace(/\/$/, '');
      const manifest = await fetch(`${origin}/oralis/en-us/manifest.json`);
      expect(manifest.headers.get('content-type')).toBe('application/json');
      expect(await manifest.json()).toMatchObject({ kind: 'sphinx-ptm', spdx: 'BSD-2-Clause' });
      expect(await (await fetch(`${origin}/oralis/en-us/cmudict.json`)).json()).toMatchObject({ bear: 'B EH1 R' });
      // Not served as a model: Vite's own fallback page, which the engine refuses as "not JSON".
      expect(await (await fetch(`${origin}/oralis/es/manifest.json`)).text()).not.toContain('GPL');
      expect(server.config.optimizeDeps.exclude).toEqual(expect.arrayContaining(['oralis', 'onnxruntime-web']));
    } finally {
      await server.close();
    }
  });

  it('names an opt-in folder it does not have at once', () => {
    expect(() => oralis({ models: ['de'] })).toThrow(/No model folder de/);
  });
});
