import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BUNDLED_MODELS_DIR, fileModelSource } from '../../../src/runtime/file-model-source.js';
import { OralisError } from '../../../src/contract/errors.js';
import { loadDialectModels } from '../../../src/engine/models.js';
import { loadSphinx } from '../../helpers/sphinx.js';

// Written by scripts/convert-sphinx-model.py: senone log-likelihoods computed one Gaussian at a
// time in float64 straight from the Sphinx source files, independently of the ONNX graph.
const golden = (file: string) =>
  JSON.parse(readFileSync(new URL(`../../fixtures/${file}`, import.meta.url), 'utf8')) as { features: number[][]; senones: number[]; loglik: number[][] };

describe.each([
  ['en-us', 'acoustic-golden.json'],
  ['es', 'acoustic-golden-es.json'],
] as const)('the converted ONNX acoustic model in models/%s', (folder, file) => {
  it('reproduces the source GMMs to within 0.01 nats', async () => {
    const model = await loadSphinx(folder);
    const { features, senones, loglik } = golden(file);
    const out = await model.senoneLoglik(Float32Array.from(features.flat()), Int32Array.from(senones));
    loglik.flat().forEach((expected, i) => expect(Math.abs(out[i]! - expected)).toBeLessThan(0.01));
  });
});

it('reads the Spanish model with the same family: 26 CI phones, 25 of them speech, one filler (SIL)', async () => {
  const model = await loadSphinx('es');
  expect(model.topology.ciPhones).toHaveLength(26);
  expect(model.topology.fillers).toEqual(['SIL']);
  expect(model.phones).toEqual(['a', 'b', 'ch', 'd', 'e', 'f', 'g', 'gn', 'i', 'j', 'k', 'l', 'll', 'm', 'n', 'o', 'p', 'r', 'rr', 's', 't', 'u', 'x', 'y', 'z']);
  const rr = model.topology.phoneId('rr');
  expect(model.topology.triphoneSenones(rr, model.topology.phoneId('e'), model.topology.phoneId('o'), 'i')).not.toEqual(model.topology.ciSenones(rr));
});

describe('the converted ONNX acoustic model', async () => {
  const model = await loadSphinx('en-us');

  it('knows the model topology: 42 CI phones, triphones backing off to CI', () => {
    const t = model.topology;
    expect(t.ciPhones).toHaveLength(42);
    const ae = t.phoneId('AE');
    const triphone = t.triphoneSenones(ae, t.phoneId('B'), t.phoneId('T'), 'i');
    expect(triphone).not.toEqual(t.ciSenones(ae));
    expect(t.transitions(ae)).toHaveLength(3);
  });

  it('offers the seam its 39 speech phones as GOP competitors, fillers left out', () => {
    expect(model.kind).toBe('sphinx-ptm');
    expect(model.phones).toHaveLength(39);
    expect(model.phones).toContain('AE');
    for (const filler of model.topology.fillers) expect(model.phones).not.toContain(filler);
  });

  const copyOfModels = () => {
    const dir = mkdtempSync(join(tmpdir(), 'oralis-models-'));
    cpSync(BUNDLED_MODELS_DIR, dir, { recursive: true });
    return dir;
  };

  it('refuses a corrupted model file with model_unavailable', async () => {
    const dir = copyOfModels();
    const bin = join(dir, 'en-us', 'hmm.bin');
    const bytes = readFileSync(bin);
    bytes[100]! ^= 0xff;
    writeFileSync(bin, bytes);
    await expect(loadDialectModels(fileModelSource(dir), 'en-us')).rejects.toSatisfy(
      (e) => e instanceof OralisError && e.code === 'model_unavailable' && /sha256/.test(e.message),
    );
  });

  it('loads a model by the family its manifest names, and refuses a kind this build lacks', async () => {
    const dir = copyOfModels();
    const path = join(dir, 'en-us', 'manifest.json');
    writeFileSync(path, JSON.stringify({ ...JSON.parse(readFileSync(path, 'utf8')), kind: 'htk-hmm' }));
    await expect(loadDialectModels(fileModelSource(dir), 'en-us')).rejects.toSatisfy(
      (e) => e instanceof OralisError && e.code === 'model_unavailable' && /kind "htk-hmm".*sphinx-ptm/.test(e.message),
    );
  });
});
