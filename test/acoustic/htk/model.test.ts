import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { loadHtkModel } from '../../../src/acoustic/htk/model.js';
import { fileModelSource } from '../../../src/runtime/file-model-source.js';
import { prepareAudio } from '../../../src/audio/prepare.js';
import { analyseRecording, encodeRecording } from '../../../src/engine/analysis.js';
import { measureProsody } from '../../../src/features/prosody.js';
import type { LexiconWord } from '../../../src/lexicon/lexicon.js';
import { fixture } from '../../helpers/paths.js';

const manifest = JSON.parse(readFileSync(new URL('../../../models/fr/manifest.json', import.meta.url), 'utf8')) as unknown;
// Written by scripts/convert-htk-model.py: state log-likelihoods in float64 straight from the parsed hmmdefs.
const golden = JSON.parse(readFileSync(new URL('../../fixtures/htk-fr-golden.json', import.meta.url), 'utf8')) as { features: number[][]; states: number[]; loglik: number[][] };

/** Words given directly in the model's phones (the French lexicon is not built yet). */
const words = (script: string): LexiconWord[] =>
  script.split('|').map((w) => {
    const [text, phones] = w.split(':') as [string, string];
    return { text, keys: [text], variants: [phones.split(' ')], syllables: [[]] };
  });

describe('the SPPAS French HTK model in models/fr', async () => {
  const model = await loadHtkModel(fileModelSource(), 'fr', manifest, 'wasm');

  it('reproduces the source Gaussians to within 0.01 nats', async () => {
    const out = await model.stateLoglik(Float32Array.from(golden.features.flat()), golden.states);
    golden.loglik.flat().forEach((expected, i) => expect(Math.abs(out[i]! - expected)).toBeLessThan(0.01));
  });

  it('backs off from a triphone the model lacks to the monophone, and knows its 32 speech phones (fillers apart)', () => {
    const { inventory } = model;
    expect(model.phones.join(' ')).toBe('@ E H R S U~ Z a a~ b d e eu f g i j k l m n o oe o~ p s t u v w y z');
    expect(inventory.hmmFor('a', 'sil', 'b')).not.toBe(inventory.monophone('a'));
    expect(inventory.hmmFor('a', 'nope', 'nope')).toBe(inventory.monophone('a'));
  });

  it('aligns French speech: its own words explain it far better than another sentence, in order inside the speech', async () => {
    const { samples } = await prepareAudio(fixture('fr/classe-fr-fr.ogg'), { maxSeconds: 30, endpoint: 'test' });
    const recording = encodeRecording(model, samples, measureProsody(samples));
    const perFrame = async (script: string) => {
      const a = await analyseRecording(model, recording, words(script));
      return { a, ll: a.pathLoglik / (a.speechSpan[1] - a.speechSpan[0]) };
    };
    const own = await perFrame('une:y n|classe:k l a s|entière:a~ t j E R|qui:k i|a:a|bien:b j U~|vu:v y|comment:k o m a~|ça:s a|s’est:s E|passé:p a s e');
    const other = await perFrame('le:l @|chat:S a|mange:m a~ Z|la:l a|souris:s u R i|grise:g R i z|dans:d a~|le:l @|jardin:Z a R d U~');
    expect(own.ll - other.ll).toBeGreaterThan(2);
    const starts = own.a.words.map((w) => w.phones[0]!.extent[0]);
    expect(starts).toEqual([...starts].sort((x, y) => x - y));
    // The fixture has 0.3 s of silence before the speech: the first word cannot start inside it.
    expect(starts[0]).toBeGreaterThanOrEqual(25);
  });
});
