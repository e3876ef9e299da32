import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BUNDLED_MODELS_DIR } from '../../src/runtime/file-model-source.js';
import { shipsFolder } from '../../src/assets.js';

const folders = readdirSync(BUNDLED_MODELS_DIR).filter((f) => statSync(join(BUNDLED_MODELS_DIR, f)).isDirectory());
const spdx = (folder: string) => (JSON.parse(readFileSync(join(BUNDLED_MODELS_DIR, folder, 'manifest.json'), 'utf8')) as { spdx?: string }).spdx;

describe('what licences a build carries', () => {
  it('every model folder names its licence (SPDX) in its manifest', () => {
    expect(Object.fromEntries(folders.map((f) => [f, spdx(f)]))).toEqual({ 'en-gb': 'MIT AND CC-BY-4.0', 'en-us': 'BSD-2-Clause', es: 'GPL-3.0-or-later', fr: 'CC-BY-NC-SA-4.0', 'fr-ca': 'CC-BY-NC-SA-4.0', portable: 'MIT AND CC-BY-4.0' });
  });

  it('the default web build leaves the GPL Spanish and non-commercial French models out; ORALIS_MODELS names those it puts in', () => {
    expect(folders.filter((f) => shipsFolder(spdx(f)!, f, []))).toEqual(['en-gb', 'en-us', 'portable']);
    expect(folders.filter((f) => shipsFolder(spdx(f)!, f, ['es']))).toEqual(['en-gb', 'en-us', 'es', 'portable']);
    expect(folders.filter((f) => shipsFolder(spdx(f)!, f, ['es', 'fr', 'fr-ca']))).toEqual(['en-gb', 'en-us', 'es', 'fr', 'fr-ca', 'portable']);
  });

  it('the npm package carries no GPL or non-commercial model', () => {
    const [pack] = JSON.parse(execFileSync('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] })) as [
      { files: { path: string }[] },
    ];
    const paths = pack.files.map((f) => f.path);
    expect(paths).toContain('models/en-us/acoustic.onnx');
    expect(paths).toContain('LICENSE');
    expect(paths.filter((p) => /^models\/(es|fr|fr-ca)\//.test(p))).toEqual([]);
    // What only this repository's evaluation uses stays out: the per-fold heads and the eval scripts.
    expect(paths.filter((p) => p.startsWith('models/en-us/cv/') || p.startsWith('dist/eval/'))).toEqual([]);
  });

  it('ships source maps that carry their sources (the package has no src/)', () => {
    const map = JSON.parse(readFileSync(new URL('../../dist/engine/engine.js.map', import.meta.url), 'utf8')) as { sources: string[]; sourcesContent?: string[] };
    expect(map.sourcesContent?.[0]).toContain('export function createEngine');
  });
});
