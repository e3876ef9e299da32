/**
 * Spanish spelling → pronunciation, by rule. Spanish orthography is close to
 * phonemic, so the written word is first cut into its syllables (the
 * orthographic rules: a consonant between vowels opens the next syllable,
 * obstruent + l/r clusters stay together, strong vowels a/e/o stand in
 * hiatus, a weak i/u beside another vowel glides unless it bears an accent),
 * the stressed syllable is the one with a written accent, else the
 * penultimate when the word ends in a vowel, n or s, else the last; then
 * each syllable's letters become the acoustic model's phones. A glide is
 * written as its vowel without a stress digit, so the shared lexicon
 * (lexicon/phones.ts) counts it as part of a syllable, not as a nucleus.
 */

/** How the two dialects differ in sound: distinción and /ʎ/ (es-es) against seseo and yeísmo (es-mx). */
export interface SpanishAccent {
  /** c before e/i, and z: 'z' (/θ/) with distinción, 's' with seseo. */
  ce: 'z' | 's';
  /** ll: 'll' (/ʎ/), or 'y' with yeísmo. */
  ll: 'll' | 'y';
}

export interface SpelledSyllable {
  letters: string;
  phones: string[];
  stressed: boolean;
}

const ACCENTED: Readonly<Record<string, string>> = { á: 'a', é: 'e', í: 'i', ó: 'o', ú: 'u', ü: 'u' };
const STRONG = new Set(['a', 'e', 'o', 'á', 'é', 'í', 'ó', 'ú']);
const WEAK = new Set(['i', 'u', 'ü']);
const DIGRAPHS = ['ch', 'll', 'rr'];
/** Obstruent + liquid onsets that a syllable boundary never splits. */
const CLUSTERS = new Set(['pr', 'br', 'tr', 'dr', 'cr', 'kr', 'gr', 'fr', 'pl', 'bl', 'cl', 'kl', 'gl', 'fl']);

type Unit = { text: string; vowel: boolean };

const isVowelLetter = (c: string | undefined) => c !== undefined && (STRONG.has(c) || WEAK.has(c));
const frontVowel = (c: string | undefined) => c !== undefined && 'eiéí'.includes(c);

/** Letters → units: digraphs and qu/gu (before e/i) as one consonant; y as a vowel at the end of a word or before a consonant. */
function units(word: string): Unit[] {
  const out: Unit[] = [];
  for (let i = 0; i < word.length; ) {
    const two = word.slice(i, i + 2);
    if (DIGRAPHS.includes(two)) {
      out.push({ text: two, vowel: false });
      i += 2;
    } else if ((two === 'qu' || two === 'gu') && frontVowel(word[i + 2])) {
      out.push({ text: two, vowel: false });
      i += 2;
    } else {
      const c = word[i]!;
      const next = word[i + 1];
      const yVowel = c === 'y' && i > 0 && (next === undefined || !isVowelLetter(next));
      out.push({ text: c, vowel: isVowelLetter(c) || yVowel || (c === 'y' && word.length === 1) });
      i += 1;
    }
  }
  return out;
}

const weak = (u: Unit) => WEAK.has(u.text) || u.text === 'y';

/** A run of vowels → the vowel groups of successive syllables (strong + strong, or an accented weak vowel, is a hiatus). */
function splitVowels(run: Unit[]): Unit[][] {
  const groups: Unit[][] = [[run[0]!]];
  for (const u of run.slice(1)) {
    const group = groups.at(-1)!;
    const hasStrong = group.some((g) => !weak(g));
    if (!weak(u) && hasStrong) groups.push([u]);
    else group.push(u);
  }
  return groups;
}

/** Consonants between two nuclei: how many open the next syllable. */
function onsetLength(consonants: Unit[]): number {
  const n = consonants.length;
  if (n <= 1) return n;
  const lastTwo = consonants.slice(-2).map((c) => c.text).join('');
  return CLUSTERS.has(lastTwo) ? 2 : 1;
}

/** The word's syllables as letters, and which one is stressed. */
export function spellSyllables(word: string): { letters: Unit[][]; stressed: number } {
  const all = units(word);
  // Vowel runs → nuclei groups; everything else is consonants in between.
  const nuclei: { start: number; end: number }[] = [];
  for (let i = 0; i < all.length; ) {
    if (!all[i]!.vowel) {
      i++;
      continue;
    }
    let j = i;
    while (j < all.length && all[j]!.vowel) j++;
    let at = i;
    for (const g of splitVowels(all.slice(i, j))) {
      nuclei.push({ start: at, end: at + g.length });
      at += g.length;
    }
    i = j;
  }
  if (nuclei.length === 0) return { letters: [all], stressed: 0 };
  const starts = nuclei.map((n, k) => (k === 0 ? 0 : n.start - onsetLength(all.slice(nuclei[k - 1]!.end, n.start))));
  const letters = starts.map((s, k) => all.slice(s, k + 1 < starts.length ? starts[k + 1] : all.length));
  const accented = letters.findIndex((syl) => syl.some((u) => /[áéíóú]/.test(u.text)));
  const last = word.at(-1)!;
  const stressed = accented >= 0 ? accented : letters.length === 1 || !/[aeiouns]/.test(last) ? letters.length - 1 : letters.length - 2;
  return { letters, stressed };
}

/** The unit's phones, given its neighbours in the word. */
function consonantPhones(u: Unit, previous: Unit | undefined, next: Unit | undefined, accent: SpanishAccent): string[] {
  switch (u.text) {
    case 'b':
    case 'v':
      return ['b'];
    case 'c':
      return frontVowel(next?.text[0]) ? [accent.ce] : ['k'];
    case 'z':
      return [accent.ce];
    case 'g':
      return frontVowel(next?.text[0]) ? ['j'] : ['g'];
    case 'gu':
      return ['g'];
    case 'qu':
    case 'q':
    case 'k':
      return ['k'];
    case 'h':
      return [];
    case 'll':
      return [accent.ll];
    case 'ñ':
      return ['gn'];
    case 'r':
      // Trilled at the start of a word and after l, n, s.
      return previous === undefined || ['l', 'n', 's'].includes(previous.text) ? ['rr'] : ['r'];
    case 'w':
      return ['u'];
    case 'x':
      return previous === undefined ? ['s'] : ['x'];
    case 'y':
      return ['y'];
    default:
      return [u.text];
  }
}

/** One nucleus group's phones: the strong (or last weak) vowel carries the stress digit, the others glide. */
function vowelPhones(group: Unit[], stressed: boolean): string[] {
  const accentedAt = group.findIndex((u) => /[áéíóú]/.test(u.text));
  const strongAt = group.findIndex((u) => !weak(u));
  const nucleus = accentedAt >= 0 ? accentedAt : strongAt >= 0 ? strongAt : group.length - 1;
  return group.map((u, i) => {
    const base = u.text === 'y' ? 'i' : (ACCENTED[u.text] ?? u.text);
    return i === nucleus ? `${base}${stressed ? 1 : 0}` : base;
  });
}

/** Place names whose x keeps its old value, the jota ("México", "Oaxaca", "Texas"). */
const X_AS_JOTA = /^(m[eé]xic|oaxac|xalap|t[eé]xa)/;

/** A lower-case Spanish word's syllables with their phones in the acoustic model's set; undefined when it has letters Spanish does not use. */
export function pronounceSpelling(word: string, accent: SpanishAccent): SpelledSyllable[] | undefined {
  if (!/^[a-zñáéíóúü]+$/.test(word)) return undefined;
  const { letters, stressed } = spellSyllables(X_AS_JOTA.test(word) ? word.replace('x', 'j') : word);
  const flat = letters.flat();
  let at = 0;
  return letters.map((syllable, k) => {
    const phones: string[] = [];
    let group: Unit[] = [];
    const flush = () => {
      if (group.length > 0) phones.push(...vowelPhones(group, k === stressed));
      group = [];
    };
    for (const u of syllable) {
      if (u.vowel) group.push(u);
      else {
        flush();
        phones.push(...consonantPhones(u, flat[at - 1], flat[at + 1], accent));
      }
      at++;
    }
    flush();
    return { letters: syllable.map((u) => u.text).join(''), phones, stressed: k === stressed };
  });
}
