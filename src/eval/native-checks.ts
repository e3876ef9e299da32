/**
 * The checks a language without rated learner speech gets (eval:spanish,
 * eval:french): native recordings against their own prompt and another
 * one, and synthesized minimal pairs scored as the word said and as its pair.
 */
import { readFileSync } from 'node:fs';
import type { ScoringEngine } from '../engine/engine.js';
import type { Dialect } from '../contract/request.js';
import { isIncomplete } from './stats.js';

/** Overall pronunciation and fluency, and whether the reading was flagged incomplete; or the error's code. */
export type TextResult = { error: string } | { pronunciation: number; fluency: number | null; incomplete: boolean };

const read = (path: string) => new Uint8Array(readFileSync(path));

/** Prompts are scored as an app would send them: words the dictionary lacks are pronounced by letter-to-sound. */
async function textScore(engine: ScoringEngine, text: string, dialect: Dialect, audio: Uint8Array): Promise<TextResult> {
  const envelope = await engine.scoreText({ text, dialect, include_fluency: '1', include_unknown_words: '1' }, audio);
  if (envelope.status !== 'success') return { error: envelope.short_message };
  const t = envelope.text_score;
  return { pronunciation: t.service_score.pronunciation, fluency: t.service_score.fluency ?? null, incomplete: isIncomplete(t) };
}

export async function wordQuality(engine: ScoringEngine, word: string, dialect: Dialect, audio: Uint8Array): Promise<number | string> {
  const envelope = await engine.scoreWord({ word, dialect }, audio);
  return envelope.status === 'success' ? envelope.word_score.quality_score : envelope.short_message;
}

/** Each recording read against its own prompt and against the prompt `offset` recordings on. */
export async function ownAndOtherPrompt(engine: ScoringEngine, dialect: Dialect, recordings: readonly { id: string; audio: string; prompt: string }[], offset = 3) {
  const rows = [];
  for (const [i, r] of recordings.entries()) {
    const audio = read(r.audio);
    const own = await textScore(engine, r.prompt, dialect, audio);
    const other = await textScore(engine, recordings[(i + offset) % recordings.length]!.prompt, dialect, audio);
    rows.push({ id: r.id, own, other });
  }
  return rows;
}

/** Each word said (its audio from `audioOf`) scored as itself and as its pair, both ways round. */
export async function minimalPairs(engine: ScoringEngine, pairs: readonly (readonly [string, string, Dialect])[], audioOf: (word: string) => string) {
  const rows = [];
  for (const [a, b, dialect] of pairs) {
    for (const [said, pair] of [
      [a, b],
      [b, a],
    ] as const) {
      const audio = read(audioOf(said));
      const right = await wordQuality(engine, said, dialect, audio);
      const wrong = await wordQuality(engine, pair, dialect, audio);
      rows.push({ dialect, said, right, as: pair, wrong, pass: typeof right === 'number' && typeof wrong === 'number' && right > wrong });
    }
  }
  return rows;
}
