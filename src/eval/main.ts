#!/usr/bin/env node
/**
 * `npm run eval -- --data ../shared/data/so762-train [--limit N] [--jobs N]`:
 * scores speechocean762 utterances through the batch pipeline and prints the
 * Pearson correlation with the human labels at phone, word (accuracy) and
 * utterance (accuracy) level. Phones are paired with the label's canonical
 * phones by edit-distance alignment within each word; words by alignment of
 * the word sequences. Unpaired items and error envelopes are counted, not hidden.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from '../cli/args.js';
import { runBatch } from '../cli/batch.js';
import type { TextSuccessEnvelope } from '../contract/schema.js';
import { audioPath, loadLabels, pairWithLabel } from './corpus.js';
import { pearson } from './stats.js';

async function main() {
  const { options } = parseArgs(['eval', ...process.argv.slice(2)]);
  const data = resolve(options.data ?? '../shared/data/so762-train');
  const limit = options.limit ? Number(options.limit) : Infinity;
  const jobs = Number(options.jobs ?? Math.max(1, cpus().length));
  const labels = loadLabels(data, limit);

  const work = join(tmpdir(), `oralis-eval-${process.pid}`);
  mkdirSync(work, { recursive: true });
  const requests = join(work, 'requests.jsonl');
  const responses = join(work, 'responses.jsonl');
  writeFileSync(
    requests,
    labels
      .map((l) => JSON.stringify({ id: l.id, endpoint: 'text', audio: audioPath(data, l), params: { text: l.text, dialect: 'en-us' } }))
      .join('\n'),
  );
  let lastReport = 0;
  const started = performance.now();
  await runBatch({
    input: requests,
    output: responses,
    jobs,
    onProgress: (p) => {
      if (performance.now() - lastReport > 5000) {
        lastReport = performance.now();
        process.stderr.write(`eval: ${p.done}/${p.total} scored\n`);
      }
    },
  });
  const seconds = (performance.now() - started) / 1000;

  const byId = new Map(labels.map((l) => [l.id, l]));
  const utt = { pred: [] as number[], human: [] as number[] };
  const word = { pred: [] as number[], human: [] as number[] };
  // Word stress labels (5 wrong, 10 right) against the engine's stress: the mean syllable stress_score.
  const stress = { pred: [] as number[], human: [] as number[] };
  const stressMulti = { pred: [] as number[], human: [] as number[] };
  const phone = { pred: [] as number[], human: [] as number[] };
  const errors: Record<string, number> = {};
  let unpairedWords = 0;
  let unpairedPhones = 0;
  let substitutedPairs = 0;
  for (const line of readFileSync(responses, 'utf8').trim().split('\n')) {
    const { id, response } = JSON.parse(line) as { id: string; response: TextSuccessEnvelope | { status: 'error'; short_message: string } };
    if (response.status === 'error') {
      errors[response.short_message] = (errors[response.short_message] ?? 0) + 1;
      continue;
    }
    const label = byId.get(id)!;
    const score = response.text_score;
    utt.pred.push(score.service_score.pronunciation);
    utt.human.push(label.accuracy);
    const ours = score.word_score_list;
    const wordPairs = pairWithLabel(
      ours.map((w) => ({ text: w.word, phones: w.phone_score_list.map((p) => p.phone) })),
      label,
    );
    unpairedWords += label.words.length - wordPairs.length;
    for (const pair of wordPairs) {
      const w = ours[pair.ours]!;
      const lw = label.words[pair.label]!;
      word.pred.push(w.quality_score);
      const stressScore = w.syllable_score_list.reduce((a, syl) => a + syl.stress_score, 0) / w.syllable_score_list.length;
      stress.pred.push(stressScore);
      stress.human.push(lw.stress);
      if (w.syllable_score_list.length > 1) {
        stressMulti.pred.push(stressScore);
        stressMulti.human.push(lw.stress);
      }
      word.human.push(lw.accuracy);
      unpairedPhones += lw.phones.length - pair.phones.length;
      for (const [a, b] of pair.phones) {
        if (w.phone_score_list[a]!.phone !== lw.phones[b]!.replace(/\d$/, '').toLowerCase()) substitutedPairs++;
        phone.pred.push(w.phone_score_list[a]!.quality_score);
        phone.human.push(lw.phone_scores[b]!);
      }
    }
  }

  const report = {
    data,
    utterances: labels.length,
    scored: utt.pred.length,
    error_envelopes: errors,
    seconds: Math.round(seconds),
    pcc: {
      phone: round(pearson(phone.pred, phone.human)),
      word_accuracy: round(pearson(word.pred, word.human)),
      word_stress: round(pearson(stress.pred, stress.human)),
      word_stress_polysyllabic: round(pearson(stressMulti.pred, stressMulti.human)),
      utterance_accuracy: round(pearson(utt.pred, utt.human)),
    },
    pairs: { phones: phone.pred.length, phone_pairs_substituted: substitutedPairs, label_phones_unpaired: unpairedPhones, words: word.pred.length, polysyllabic_words: stressMulti.pred.length, polysyllabic_words_with_stress_errors: stressMulti.human.filter((h) => h < 10).length, label_words_unpaired: unpairedWords },
  };
  mkdirSync('reports', { recursive: true });
  writeFileSync('reports/so762-eval.json', `${JSON.stringify(report, null, 2)}\n`);
  console.log(JSON.stringify(report, null, 2));
}

const round = (x: number) => Math.round(x * 1000) / 1000;

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
