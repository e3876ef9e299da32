/**
 * Spanish syllables of a pronunciation. A rule pronunciation comes with its
 * spelling's syllables (spelling.ts), letters included; any other (markup,
 * an exception) is cut by the same rules over phones: a glide (a vowel
 * without a stress digit) joins its neighbouring nucleus, one consonant
 * between nuclei opens the next syllable, obstruent + l/r both do.
 */
import { basePhone, isVowel, syllablesAt, syllableStress, type Syllable } from '../../lexicon/phones.js';
import { pronounceSpelling, type SpanishAccent } from './spelling.js';

const ACCENTS: readonly SpanishAccent[] = [
  { ce: 'z', ll: 'll' },
  { ce: 's', ll: 'y' },
];
const LIQUID_CLUSTER = /^[pbtdkgf] [lr]$/;
const GLIDES = new Set(['i', 'u']);

export function syllabify(phones: readonly string[], spelling: string): Syllable[] {
  for (const accent of ACCENTS) {
    const spelled = pronounceSpelling(spelling.toLowerCase(), accent);
    if (spelled && spelled.flatMap((s) => s.phones).map(basePhone).join(' ') === phones.map(basePhone).join(' ')) {
      let at = 0;
      return spelled.map((s) => {
        const own = phones.slice(at, (at += s.phones.length));
        return { phones: own, stress: syllableStress(own), letters: s.letters };
      });
    }
  }
  return byPhones(phones, spelling);
}

function byPhones(phones: readonly string[], spelling: string): Syllable[] {
  const nuclei = phones.flatMap((p, i) => (isVowel(p) ? [i] : []));
  if (nuclei.length <= 1) return [{ phones: [...phones], stress: syllableStress(phones), letters: spelling }];
  const starts = nuclei.map((n, k) => {
    if (k === 0) return 0;
    const from = nuclei[k - 1]! + 1;
    // Glides before the next nucleus belong to it, glides after the last one to that one.
    let onset = n;
    while (onset > from && GLIDES.has(phones[onset - 1]!)) onset--;
    let coda = from;
    while (coda < onset && GLIDES.has(phones[coda]!)) coda++;
    const consonants = onset - coda;
    const take = consonants >= 2 && LIQUID_CLUSTER.test(`${phones[onset - 2]} ${phones[onset - 1]}`) ? 2 : Math.min(1, consonants);
    return onset - take;
  });
  // Only markup and exceptions come this way.
  return syllablesAt(phones, starts, spelling);
}
