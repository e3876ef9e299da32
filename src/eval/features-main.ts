#!/usr/bin/env node
/**
 * `npm run eval:features -- --data ../shared/data/so762-train [--limit N] [--jobs N]`:
 * measures every utterance with the acoustic pipeline and writes
 * reports/so762-features.jsonl, one line per utterance with its speaker fold,
 * the scoring/features.ts vectors, the human labels paired to our words and
 * phones. scripts/train-head.py trains the scoring head on it.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { UTTERANCE_TIMING } from '../scoring/features.js';
import { pairWithLabel } from './corpus.js';
import { runCorpusCommand } from './corpus-run.js';

interface Measured {
  words: { text: string; phones: string[] }[];
  phone: number[];
  word: number[];
  utterance: number[];
  phone_portable: number[];
  utterance_portable: number[];
}

async function main() {
  const { labels, folds, results, seconds } = await runCorpusCommand<Measured>('features', process.argv.slice(2));
  const lines = results.map((r, i) => {
    const label = labels[i]!;
    const { accuracy, fluency, prosodic, total, completeness, age, words } = label;
    const human = { accuracy, fluency, prosodic, total, completeness, age, words: words.map(({ text, phones, phone_scores, accuracy, stress, total }) => ({ text, phones, phone_scores, accuracy, stress, total })) };
    const common = { id: label.id, speaker: label.speaker, fold: folds.get(label.speaker)!, label: human, utterance_timing: UTTERANCE_TIMING };
    if (r.error !== undefined) return JSON.stringify({ ...common, error: r.error });
    return JSON.stringify({ ...common, ...r.result, pairs: pairWithLabel(r.result.words, label) });
  });
  mkdirSync('reports', { recursive: true });
  writeFileSync('reports/so762-features.jsonl', `${lines.join('\n')}\n`);
  const errors = results.filter((r) => r.error !== undefined).length;
  console.log(`wrote reports/so762-features.jsonl: ${results.length - errors} utterances measured, ${errors} errors, ${seconds} s`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
