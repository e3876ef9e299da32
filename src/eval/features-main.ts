#!/usr/bin/env node
/**
 * `npm run eval:features -- --data ../shared/data/so762-train [--limit N] [--jobs N]`:
 * measures every utterance with the acoustic pipeline and writes
 * reports/so762-features.jsonl, one line per utterance with its speaker fold,
 * the scoring/features.ts vectors, the human labels paired to our words and
 * phones. scripts/train-head.py trains the scoring head on it.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { resolve } from 'node:path';
import { parseArgs } from '../cli/args.js';
import { audioPath, loadLabels, pairWithLabel, speakerFolds } from './corpus.js';
import { runCorpus } from './corpus-run.js';

interface Measured {
  words: { text: string; phones: string[] }[];
  phone: number[];
  word: number[];
  utterance: number[];
}

async function main() {
  const { options } = parseArgs(['eval', ...process.argv.slice(2)]);
  const data = resolve(options.data ?? '../shared/data/so762-train');
  const labels = loadLabels(data, options.limit ? Number(options.limit) : Infinity);
  const folds = speakerFolds(labels);
  const started = performance.now();
  const results = await runCorpus<Measured>(
    'features',
    labels.map((l) => ({ audio: audioPath(data, l), text: l.text, fold: folds.get(l.speaker)! })),
    Number(options.jobs ?? cpus().length),
  );
  const lines = results.map((r, i) => {
    const label = labels[i]!;
    const { accuracy, fluency, prosodic, total, words } = label;
    const human = { accuracy, fluency, prosodic, total, words: words.map(({ text, phones, phone_scores, accuracy, stress, total }) => ({ text, phones, phone_scores, accuracy, stress, total })) };
    const common = { id: label.id, speaker: label.speaker, fold: folds.get(label.speaker)!, label: human };
    if (r.error !== undefined) return JSON.stringify({ ...common, error: r.error });
    return JSON.stringify({ ...common, ...r.result, pairs: pairWithLabel(r.result.words, label) });
  });
  mkdirSync('reports', { recursive: true });
  writeFileSync('reports/so762-features.jsonl', `${lines.join('\n')}\n`);
  const errors = results.filter((r) => r.error !== undefined).length;
  console.log(`wrote reports/so762-features.jsonl: ${results.length - errors} utterances measured, ${errors} errors, ${Math.round((performance.now() - started) / 1000)} s`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
