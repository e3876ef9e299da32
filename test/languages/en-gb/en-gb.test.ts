import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { EN_GB } from '../../../src/languages/en-gb/index.js';
import { pronunciations, readDictionary } from '../../../src/lexicon/dictionary.js';
import { createNodeEngine } from '../../../src/node.js';
import { fileModelSource } from '../../../src/runtime/file-model-source.js';

const lexicon = await readDictionary(fileModelSource(), EN_GB.dictionaryFile);
const forms = (word: string) => pronunciations(lexicon, word).map((p) => p.join(' '));

describe('the en-gb lexicon (scripts/build-en-gb-lexicon.py)', () => {
  it('is non-rhotic RP in the model’s ARPABET, with British variants and letter names', () => {
    expect(forms('car')).toEqual(['K AA1']);
    expect(forms('water')).toEqual(['W AO1 T AH0']);
    expect(forms('hot')).toEqual(['HH AA1 T']);
    // BATH words with the PALM vowel, and the TRAP vowel of the North as a variant.
    expect(forms('bath')).toEqual(['B AA1 TH', 'B AE1 TH']);
    // A centring diphthong is one syllable: a vowel and a stressless off-glide.
    expect(forms('near')).toEqual(['N IH1 AH']);
    expect(EN_GB.syllabify(['N', 'IH1', 'AH'], 'near')).toHaveLength(1);
    expect(forms('z')).toEqual(['Z EH1 D']);
  });

  it('reads numbers the British way', () => {
    expect(EN_GB.spellNumber(105)).toEqual(['one', 'hundred', 'and', 'five']);
    expect(EN_GB.spellNumber(2001)).toEqual(['two', 'thousand', 'and', 'one']);
  });
});

describe('en-gb against en-us on speech (espeak-ng RP and US voices, scripts/make-dialect-fixtures.sh)', async () => {
  const engine = createNodeEngine();
  const quality = async (word: string, voice: string, dialect: string) => {
    const audio = new Uint8Array(readFileSync(new URL(`../../fixtures/audio/dialect/${word}-${voice}.ogg`, import.meta.url)));
    const envelope = await engine.scoreWord({ word, dialect }, audio);
    if (envelope.status !== 'success') throw new Error(`${word} (${voice}) under ${dialect}: ${envelope.short_message}`);
    return envelope.word_score.quality_score;
  };

  // The words whose British form only the en-gb lexicon has (CMUdict already lists British
  // "tomato" and "new", and its "hot" and "better" differ only in their last vowel's colour).
  it.each(['car', 'water', 'bath', 'dance', 'schedule', 'either'])('British "%s" scores higher under en-gb than under en-us', async (word) => {
    expect(await quality(word, 'en-gb', 'en-gb')).toBeGreaterThan(await quality(word, 'en-gb', 'en-us'));
  });

  it.each(['tomato', 'schedule', 'car', 'water'])('American "%s" scores higher under en-us than under en-gb', async (word) => {
    expect(await quality(word, 'en-us', 'en-us')).toBeGreaterThan(await quality(word, 'en-us', 'en-gb'));
  });
});
