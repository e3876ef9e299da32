/**
 * Syllabification by maximal onset: each vowel is a nucleus, and of the
 * consonants between two vowels the longest tail that can begin an English
 * syllable goes to the second. Letters are shared out by matching vowel-letter
 * groups to nuclei.
 */
import { basePhone, isVowel, syllableStress, type Syllable } from '../../lexicon/phones.js';

const ONSETS = new Set(
  [
    'P R', 'P L', 'P Y', 'B R', 'B L', 'B Y', 'T R', 'T W', 'D R', 'D W', 'K R', 'K L', 'K W', 'K Y', 'G R', 'G L', 'G W',
    'F R', 'F L', 'F Y', 'V Y', 'TH R', 'TH W', 'SH R', 'HH Y', 'M Y', 'N Y', 'S P', 'S T', 'S K', 'S M', 'S N', 'S L',
    'S W', 'S F', 'S P R', 'S P L', 'S T R', 'S K R', 'S K W', 'S K L', 'S P Y', 'S K Y',
  ],
);
const legalOnset = (cluster: string[]) =>
  cluster.length === 0 || (cluster.length === 1 ? cluster[0] !== 'NG' : ONSETS.has(cluster.join(' ')));

export function syllabify(phones: readonly string[], spelling: string): Syllable[] {
  const nuclei = phones.flatMap((p, i) => (isVowel(p) ? [i] : []));
  if (nuclei.length === 0) return [{ phones: [...phones], stress: 0, letters: spelling }];
  const starts = [0];
  for (let n = 1; n < nuclei.length; n++) {
    const from = nuclei[n - 1]! + 1;
    const to = nuclei[n]!;
    let start = to;
    while (start > from && legalOnset(phones.slice(start - 1, to).map(basePhone))) start--;
    starts.push(start);
  }
  const groups = starts.map((s, i) => phones.slice(s, starts[i + 1] ?? phones.length));
  const letters = splitLetters(spelling, groups);
  return groups.map((group, i) => ({
    phones: group,
    stress: syllableStress(group),
    letters: letters[i]!,
  }));
}

/**
 * Letters for each syllable. Vowel-letter groups are matched to syllables
 * (a silent final "e" merges into the last group); the consonant letters
 * between two groups are split as the phones were. When the counts cannot be
 * matched, letters are shared in proportion to phone counts.
 */
function splitLetters(spelling: string, groups: string[][]): string[] {
  if (groups.length === 1) return [spelling];
  const vowelRuns = [...spelling.matchAll(/[aeiouy]+/gi)].map((m) => [m.index!, m.index! + m[0].length] as const);
  // "-ble", "-tle": the l is the nucleus of a syllabic /AH0 L/, so it travels with the final e.
  if (/[^aeiouy]le$/i.test(spelling)) vowelRuns[vowelRuns.length - 1] = [spelling.length - 2, spelling.length];
  else if (vowelRuns.length > groups.length && /[^aeiouy]e$/i.test(spelling)) vowelRuns.pop();
  if (vowelRuns.length !== groups.length) return proportional(spelling, groups);
  const out: string[] = [];
  let cursor = 0;
  for (let i = 0; i < groups.length - 1; i++) {
    const consonantsEnd = vowelRuns[i + 1]![0];
    const between = consonantsEnd - vowelRuns[i]![1];
    const onsetPhones = groups[i + 1]!.findIndex(isVowel);
    const codaPhones = groups[i]!.length - 1 - groups[i]!.findIndex(isVowel);
    // Give the next syllable as many letters as it has onset phones, never all of them when the coda has phones too.
    const toNext = Math.min(onsetPhones, codaPhones > 0 ? between - 1 : between);
    const cut = consonantsEnd - Math.max(0, toNext);
    out.push(spelling.slice(cursor, cut));
    cursor = cut;
  }
  out.push(spelling.slice(cursor));
  return out;
}

function proportional(spelling: string, groups: string[][]): string[] {
  const total = groups.reduce((n, g) => n + g.length, 0);
  const out: string[] = [];
  let used = 0;
  let cursor = 0;
  groups.forEach((group, i) => {
    used += group.length;
    const cut = i === groups.length - 1 ? spelling.length : Math.max(cursor + 1, Math.round((used / total) * spelling.length));
    out.push(spelling.slice(cursor, cut));
    cursor = cut;
  });
  return out;
}
