import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { BUNDLED_MODELS_DIR, fileModelSource } from '../../src/runtime/file-model-source.js';
import { prepareAudio } from '../../src/audio/prepare.js';
import { wordsOf } from '../../src/lexicon/lexicon.js';
import { phoneFeatureDim, UTTERANCE_DIM, WORD_DIM } from '../../src/scoring/features.js';
import { loadDialectModels } from '../../src/engine/models.js';
import { scoreRecording } from '../../src/engine/analysis.js';
import { enUsLexicon } from '../helpers/lexicon.js';
import { fixture } from '../helpers/paths.js';

const lexicon = await enUsLexicon();

describe('the learned scoring head', async () => {
  const models = await loadDialectModels(fileModelSource(), 'en-us');

  it('was trained on vectors of the size features.ts builds now', () => {
    const manifest = JSON.parse(readFileSync(`${BUNDLED_MODELS_DIR}/en-us/head/manifest.json`, 'utf8')) as { input_dims: Record<string, number> };
    expect(manifest.input_dims).toEqual({
      phone: phoneFeatureDim(models.acoustic.phones.length),
      word: WORD_DIM,
      utterance: UTTERANCE_DIM,
    });
  });

  it('scores a clear reading on the human scales: phones near 2, words and utterance high', async () => {
    const { samples } = await prepareAudio(fixture('../../../examples/north-wind.ogg'), { maxSeconds: 46, endpoint: 'test' });
    const text = 'The north wind and the sun were disputing which was the stronger, when a traveler came along wrapped in a warm cloak.';
    const scored = await scoreRecording(models.acoustic, models.head, samples, wordsOf(lexicon, text));
    const phones = scored.words.flatMap((w) => w.phones.map((p) => p.score));
    expect(phones.reduce((a, b) => a + b, 0) / phones.length).toBeGreaterThan(1.5);
    for (const w of scored.words) expect(w.scores.accuracy).toBeGreaterThan(5);
    expect(scored.scores.accuracy).toBeGreaterThan(6);
    expect(scored.scores.fluency).toBeGreaterThan(6);
  });
});
