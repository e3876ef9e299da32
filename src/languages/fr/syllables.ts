/**
 * French syllables of a pronunciation: one per vowel; between two vowels
 * the next syllable takes the last consonant, a glide (y, w, uy) with the
 * consonant before it, and an obstruent + liquid cluster ("pr", "bl") whole:
 * "entière" an | t y eh r, "membre" m an | b r ax.
 */
import { isVowel, syllablesAt, type Syllable } from '../../lexicon/phones.js';

const GLIDES = new Set(['y', 'w', 'uy']);
const OBSTRUENT_LIQUID = /^[pbtdkgfv] [rl]$/;

export function syllabify(phones: readonly string[], spelling: string): Syllable[] {
  const nuclei = phones.flatMap((p, i) => (isVowel(p) ? [i] : []));
  if (nuclei.length <= 1) return syllablesAt(phones, [0], spelling);
  const starts = nuclei.map((n, k) => {
    if (k === 0) return 0;
    const cluster = phones.slice(nuclei[k - 1]! + 1, n);
    let take = Math.min(1, cluster.length);
    if (take === 1 && GLIDES.has(cluster.at(-1)!) && cluster.length >= 2) take = 2;
    const [a, b] = [cluster[cluster.length - take - 1], cluster[cluster.length - take]];
    if (a !== undefined && OBSTRUENT_LIQUID.test(`${a} ${b}`)) take++;
    return n - take;
  });
  return syllablesAt(phones, starts, spelling);
}
