/**
 * The stress minimal-pair check: espeak-ng speaks each word twice from
 * phoneme input, once stressed on its first syllable ("<word>-1.ogg") and
 * once on its second ("<word>-2.ogg"); Score Word must predict primary
 * stress (predicted_stress_level 1) on that syllable and no other.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { WordSuccessEnvelope } from '../contract/schema.js';
import type { ScoringEngine } from '../engine/engine.js';

export interface PairOutcome {
  file: string;
  intended: number;
  predicted: number[];
  correct: boolean;
}

export async function checkStressPairs(engine: ScoringEngine, dir: string): Promise<PairOutcome[]> {
  const files = readdirSync(dir).filter((f) => /^[a-z]+-[12]\.ogg$/.test(f)).sort();
  const out: PairOutcome[] = [];
  for (const file of files) {
    const [word, n] = file.replace('.ogg', '').split('-') as [string, string];
    const envelope = WordSuccessEnvelope.parse(await engine.scoreWord({ word }, new Uint8Array(readFileSync(join(dir, file)))));
    const predicted = envelope.word_score.syllable_score_list.flatMap((s, i) => (s.predicted_stress_level === 1 ? [i + 1] : []));
    out.push({ file, intended: Number(n), predicted, correct: predicted.length === 1 && predicted[0] === Number(n) });
  }
  return out;
}
