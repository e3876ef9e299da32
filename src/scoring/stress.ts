/**
 * Lexical stress from the audio. A syllable's prominence adds three cues of
 * its vowel (the nucleus), each in units of a clearly audible difference:
 *   duration  log(frames)      per DURATION_UNIT (≈ 50 % longer)
 *   loudness  mean dB          per ENERGY_UNIT_DB
 *   pitch     mean semitones   per PITCH_UNIT_ST (voiced frames only; 0 if none)
 * In a word of several syllables the most prominent one is predicted primary
 * (1) and the rest unstressed (0); a one-syllable word is compared with the
 * utterance's average syllable instead. Secondary stress (2) is not predicted:
 * its cues are too weak to tell from 0 reliably.
 *
 * stress_score (0..100) is how clearly the audio agrees with the expected
 * pattern: for the syllable that should carry primary stress, a logistic of
 * its prominence lead over the strongest other syllable; for one that should
 * not, a logistic of how far it stays below the expected primary.
 */
export interface StressSyllable {
  /** Extent of the syllable's vowel, in 10 ms frames. */
  nucleus: [number, number];
  /** Expected stress from the lexicon (0, 1, 2). */
  expected: 0 | 1 | 2;
}

export interface StressResult {
  predicted: 0 | 1;
  score: number;
}

const DURATION_UNIT = Math.log(1.5);
const ENERGY_UNIT_DB = 3;
const PITCH_UNIT_ST = 2;
/** Logistic slope: a lead of one unit gives a score of 88. */
const SLOPE = 2;

const logistic = (x: number) => 100 / (1 + Math.exp(-SLOPE * x));

interface Cues {
  duration: number;
  energy: number;
  pitch: number | undefined;
}

function cues(s: StressSyllable, hz: Float32Array, energyDb: Float32Array): Cues {
  const [a, b] = s.nucleus;
  let energy = 0;
  let pitch = 0;
  let voiced = 0;
  for (let t = a; t < b; t++) {
    energy += energyDb[t] ?? -100;
    if ((hz[t] ?? 0) > 0) {
      pitch += 12 * Math.log2(hz[t]! / 100);
      voiced++;
    }
  }
  return { duration: Math.log(Math.max(1, b - a)), energy: energy / Math.max(1, b - a), pitch: voiced > 0 ? pitch / voiced : undefined };
}

/** Prominence of each syllable relative to the mean of `reference` syllables' cues. */
function prominence(own: Cues[], reference: Cues[]): number[] {
  const avg = (f: (c: Cues) => number | undefined) => {
    const xs = reference.map(f).filter((x): x is number => x !== undefined);
    return xs.length ? xs.reduce((p, q) => p + q, 0) / xs.length : 0;
  };
  const [d, e, p] = [avg((c) => c.duration), avg((c) => c.energy), avg((c) => c.pitch)];
  return own.map((c) => (c.duration - d) / DURATION_UNIT + (c.energy - e) / ENERGY_UNIT_DB + (c.pitch === undefined ? 0 : (c.pitch - p) / PITCH_UNIT_ST));
}

/** One result per syllable of each word. `hz` and `energyDb` are per 10 ms frame. */
export function predictStress(words: readonly (readonly StressSyllable[])[], hz: Float32Array, energyDb: Float32Array): StressResult[][] {
  const all = words.map((w) => w.map((s) => cues(s, hz, energyDb)));
  const utterance = all.flat();
  return words.map((word, i) => {
    const own = all[i]!;
    if (word.length === 1) {
      const [p] = prominence(own, utterance);
      return [{ predicted: p! > 0 ? 1 : 0, score: logistic(word[0]!.expected >= 1 ? p! : -p!) }];
    }
    const p = prominence(own, own);
    const top = p.indexOf(Math.max(...p));
    const primary = word.findIndex((s) => s.expected === 1);
    return word.map((_, k) => {
      const predicted: 0 | 1 = k === top ? 1 : 0;
      if (primary < 0) return { predicted, score: logistic(-p[k]!) };
      const lead = k === primary ? p[k]! - Math.max(...p.filter((_, j) => j !== k)) : p[primary]! - p[k]!;
      return { predicted, score: logistic(lead) };
    });
  });
}
