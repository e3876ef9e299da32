/**
 * How often letter-to-sound rules agree with a pronouncing dictionary: over
 * every word the dictionary lists, whether one of the rules' pronunciations
 * (they may give a few: with and without a dropped schwa) is among the listed
 * ones, stress digits aside, and the phone error rate between the nearest
 * pair (edits / the listed one's length). The dictionary is where the rules
 * were written against, so this says how far they are from it, not how they
 * do on the unseen words they exist for.
 */
export interface LetterToSoundAgreement {
  words: number;
  /** Words the rules could not read at all. */
  unread: number;
  /** Share of words where the dictionary lists one of the rules' pronunciations. */
  word_agreement: number;
  /** Edits from the rules' nearest pronunciation to the nearest listed one, per dictionary phone. */
  phone_error_rate: number;
}

const plain = (phones: readonly string[]) => phones.map((p) => p.replace(/\d$/, ''));

function editDistance(a: readonly string[], b: readonly string[]): number {
  let row = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const next = [i];
    for (let j = 1; j <= b.length; j++) next.push(Math.min(row[j]! + 1, next[j - 1]! + 1, row[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1)));
    row = next;
  }
  return row[b.length]!;
}

/** `entries`: each word with its listed pronunciations; `pronounce`: the rules. */
export function letterToSoundAgreement(
  entries: Iterable<[word: string, variants: readonly (readonly string[])[]]>,
  pronounce: (word: string) => readonly (readonly string[])[],
  onMiss?: (word: string, got: readonly (readonly string[])[], listed: readonly (readonly string[])[]) => void,
): LetterToSoundAgreement {
  let [words, unread, agreed, edits, phones] = [0, 0, 0, 0, 0];
  for (const [word, variants] of entries) {
    words++;
    const got = pronounce(word);
    const listed = variants.map(plain);
    if (got.length === 0) {
      unread++;
      edits += listed[0]!.length;
      phones += listed[0]!.length;
      onMiss?.(word, got, listed);
      continue;
    }
    const pairs = got.map(plain).flatMap((mine) => listed.map((v) => [editDistance(mine, v), v] as const));
    const [best, nearest] = pairs.reduce((a, b) => (b[0] < a[0] ? b : a));
    if (best === 0) agreed++;
    else onMiss?.(word, got, listed);
    edits += best;
    phones += nearest.length;
  }
  return { words, unread, word_agreement: agreed / words, phone_error_rate: edits / phones };
}
