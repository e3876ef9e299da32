import { describe, expect, it } from 'vitest';
import { TextSuccessEnvelope } from '../../../src/contract/schema.js';
import { guessPronunciations, ipaToArpabet } from '../../../src/languages/en-us/g2p.js';
import { createNodeEngine } from '../../../src/node.js';
import { fixture } from '../../helpers/paths.js';

describe('pronunciations for unknown words', () => {
  it.each([
    ['bˈɛɹ', 'B EH1 R'],
    ['bˈʌɾɚ', 'B AH1 T ER0'],
    ['tʃˈɜːtʃ', 'CH ER1 CH'],
    ['pˌiːtsɚɹˈiə', 'P IY2 T S ER0 R IY1 AH0'],
    ['bˈʌʔn̩', 'B AH1 T AH0 N'],
    ['ʒˈæŋ', 'ZH AE1 NG'],
    ['fˈaɪɚ', 'F AY1 ER0'],
    ['kwɑkə', 'K W AA1 K AH0'],
  ])('maps espeak-ng IPA %s to ARPABET %s', (ipa, arpabet) => {
    expect(ipaToArpabet(ipa).join(' ')).toBe(arpabet);
  });

  it('guesses with espeak-ng (WASM) for keys the lexicon lacks', async () => {
    const guesses = await guessPronunciations(['blorptastic', 'zhang']);
    expect(guesses.get('zhang')).toEqual([['ZH', 'AE1', 'NG']]);
    expect(guesses.get('blorptastic')![0]!.join(' ')).toMatch(/^B L .*T EY1 S T IH0 K$/);
  });

  it('scores a text with an unknown word only when include_unknown_words=1', async () => {
    const engine = createNodeEngine();
    const audio = fixture('../../../examples/we-call-it-bear.wav');
    const refused = await engine.scoreText({ text: 'we call it Xiaoming', dialect: 'en-us' }, audio);
    expect(refused).toMatchObject({ status: 'error', short_message: 'unknown_word' });
    const scored = TextSuccessEnvelope.parse(await engine.scoreText({ text: 'we call it Xiaoming', dialect: 'en-us', include_unknown_words: '1' }, audio));
    const [guess] = (await guessPronunciations(['xiaoming'])).get('xiaoming')!;
    const last = scored.text_score.word_score_list.at(-1)!;
    expect(last.word).toBe('Xiaoming');
    expect(last.phone_score_list.map((p) => p.phone)).toEqual(guess!.map((p) => p.replace(/\d$/, '').toLowerCase()));
  });
});
