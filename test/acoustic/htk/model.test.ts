import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { loadHtkModel } from '../../../src/acoustic/htk/model.js';
import { fileModelSource } from '../../../src/runtime/file-model-source.js';
import { prepareAudio } from '../../../src/audio/prepare.js';
import { analyseRecording, encodeRecording } from '../../../src/engine/analysis.js';
import { measureProsody } from '../../../src/features/prosody.js';
import type { LexiconWord } from '../../../src/lexicon/lexicon.js';
import { pronunciations, recordDictionary } from '../../../src/lexicon/dictionary.js';
import { fixture } from '../../helpers/paths.js';

const manifest = JSON.parse(readFileSync(new URL('../../../models/fr/manifest.json', import.meta.url), 'utf8')) as unknown;
// Written by scripts/convert-htk-model.py: state log-likelihoods in float64 straight from the parsed hmmdefs.
const golden = JSON.parse(readFileSync(new URL('../../fixtures/htk-fr-golden.json', import.meta.url), 'utf8')) as { features: number[][]; states: number[]; loglik: number[][] };

const lexicon = recordDictionary(JSON.parse(readFileSync(new URL('../../../models/fr/lexicon.json', import.meta.url), 'utf8')) as Record<string, string>);

/** A script's words with every pronunciation models/fr/lexicon.json (MFA french_mfa in the model's phones) lists (the French pack is not built yet). */
const words = (script: string): LexiconWord[] =>
  script.split(' ').map((text) => {
    const variants = pronunciations(lexicon, text);
    expect(variants, text).not.toEqual([]);
    return { text, keys: [text], variants, syllables: variants.map(() => []) };
  });

describe('the SPPAS French HTK model in models/fr', async () => {
  const model = await loadHtkModel(fileModelSource(), 'fr', manifest, 'wasm');

  it('reproduces the source Gaussians to within 0.01 nats', async () => {
    const out = await model.stateLoglik(Float32Array.from(golden.features.flat()), golden.states);
    golden.loglik.flat().forEach((expected, i) => expect(Math.abs(out[i]! - expected)).toBeLessThan(0.01));
  });

  it('backs off from a triphone the model lacks to the monophone, and knows its 32 speech phones (fillers apart)', () => {
    const { inventory } = model;
    expect(model.phones.join(' ')).toBe('ax eh uy r sh in zh aa an b d ey eu f g iy y k l m n ow oe on p s t uw v w ux z');
    expect(inventory.hmmFor('aa', 'sil', 'b')).not.toBe(inventory.monophone('aa'));
    expect(inventory.hmmFor('aa', 'nope', 'nope')).toBe(inventory.monophone('aa'));
  });

  it('aligns French speech: its own words explain it far better than another sentence, in order inside the speech', async () => {
    const { samples } = await prepareAudio(fixture('fr/classe-fr-fr.ogg'), { maxSeconds: 30, endpoint: 'test' });
    const recording = encodeRecording(model, samples, measureProsody(samples));
    const perFrame = async (script: string) => {
      const a = await analyseRecording(model, recording, words(script));
      return { a, ll: a.pathLoglik / (a.speechSpan[1] - a.speechSpan[0]) };
    };
    const own = await perFrame("une classe entière qui a bien vu comment ça s'est passé");
    const other = await perFrame('le chat mange la souris grise dans le jardin');
    expect(own.ll - other.ll).toBeGreaterThan(2);
    const starts = own.a.words.map((w) => w.phones[0]!.extent[0]);
    expect(starts).toEqual([...starts].sort((x, y) => x - y));
    // The fixture has 0.3 s of silence before the speech: the first word cannot start inside it.
    expect(starts[0]).toBeGreaterThanOrEqual(25);
  });
});
