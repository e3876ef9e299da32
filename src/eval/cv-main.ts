#!/usr/bin/env node
/**
 * `npm run eval:cv -- --data ../shared/data/so762-train [--jobs N]`: speaker-disjoint
 * 5-fold cross-validation of the engine on speechocean762. Every utterance is
 * scored by the engine's own pipeline with the head of its fold
 * (models/en-us/cv/fold-<k>/, trained by scripts/train-head.py without that
 * fold's speakers). Writes reports/so762-cv.json, and docs/accuracy/ (a
 * markdown table and predicted-vs-human plots that the README links).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { FOLDS, pairWithLabel } from './corpus.js';
import { runCorpusCommand } from './corpus-run.js';
import { densityPlotSvg } from './plot.js';
import { isIncomplete, pearson, WRONG_PROMPT_AT_MOST } from './stats.js';
import type { TextScore } from '../contract/schema.js';

interface Scored {
  words: { text: string; phones: string[]; scores: { accuracy: number; stress: number; total: number } }[];
  scores: { accuracy: number; fluency: number; prosodic: number; total: number; completeness: number };
  text_score: TextScore;
  /** The same audio against another utterance's script (corpus.ts otherPrompts). */
  other_prompt?: { pronunciation: number; flagged: boolean };
}

interface Series {
  pred: number[];
  human: number[];
  fold: number[];
}
const series = (): Series => ({ pred: [], human: [], fold: [] });

/**
 * Where each measure's numbers come from, with the range of its human scale.
 * Phone, word accuracy, utterance accuracy and fluency are what a learner
 * sees (the envelope with include_fluency=1, 0..100); the others are the
 * head's own outputs, which the envelope does not carry.
 */
const MEASURES = {
  phone: { title: 'phone score', range: [0, 2], predRange: [0, 100] },
  word_accuracy: { title: 'word accuracy', range: [0, 10], predRange: [0, 100] },
  word_stress: { title: 'word stress', range: [0, 10], predRange: [0, 10] },
  word_total: { title: 'word total', range: [0, 10], predRange: [0, 10] },
  utterance_accuracy: { title: 'utterance accuracy', range: [0, 10], predRange: [0, 100] },
  utterance_accuracy_head: { title: 'utterance accuracy, head before calibration and fidelity', range: [0, 10], predRange: [0, 10] },
  utterance_fluency: { title: 'utterance fluency', range: [0, 10], predRange: [0, 100] },
  utterance_prosodic: { title: 'utterance prosody', range: [0, 10], predRange: [0, 10] },
  utterance_total: { title: 'utterance total', range: [0, 10], predRange: [0, 10] },
  utterance_completeness: { title: 'utterance completeness', range: [0, 10], predRange: [0, 10] },
  children_utterance_accuracy: { title: 'utterance accuracy, age ≤ 12', range: [0, 10], predRange: [0, 100] },
  adults_utterance_accuracy: { title: 'utterance accuracy, age > 12', range: [0, 10], predRange: [0, 100] },
} as const;
type Measure = keyof typeof MEASURES;
const PLOTTED: Measure[] = ['phone', 'word_accuracy', 'utterance_accuracy', 'utterance_fluency'];
/** Phones the old labels got wrong (experts' notation read as errors): mean quality in words the raters gave 10. */
const NOTATION_PHONES = [
  ['there', 'r'],
  ['there', 'eh'],
  ['not', 'aa'],
  ["it's", 't'],
  ['was', 'aa'],
] as const;

async function main() {
  const { dataArg, labels, folds, results, seconds } = await runCorpusCommand<Scored>('cv', process.argv.slice(2));

  const s = Object.fromEntries(Object.keys(MEASURES).map((k) => [k, series()])) as Record<Measure, Series>;
  const add = (m: Measure, pred: number, human: number, fold: number) => {
    s[m].pred.push(pred);
    s[m].human.push(human);
    s[m].fold.push(fold);
  };
  const errors: Record<string, number> = {};
  let phones = 0;
  let contradictions = 0;
  const failing = { humanFail: 0, flagged: 0, both: 0 };
  const incomplete = { low: 0, lowFlagged: 0, complete: 0, completeFlagged: 0 };
  const otherPrompt = { readings: 0, flagged: 0, caught: 0 };
  const notation = new Map<string, number[]>(NOTATION_PHONES.map(([w, p]) => [`${w} /${p}/`, []]));
  const overallGap: number[] = [];
  results.forEach((r, i) => {
    const label = labels[i]!;
    const fold = folds.get(label.speaker)!;
    if (r.error !== undefined) {
      errors[r.error] = (errors[r.error] ?? 0) + 1;
      return;
    }
    const { words, scores, text_score } = r.result;
    const service = text_score.service_score;
    add('utterance_accuracy', service.pronunciation, label.accuracy, fold);
    add(label.age <= 12 ? 'children_utterance_accuracy' : 'adults_utterance_accuracy', service.pronunciation, label.accuracy, fold);
    add('utterance_accuracy_head', scores.accuracy, label.accuracy, fold);
    add('utterance_fluency', service.fluency!, label.fluency, fold);
    add('utterance_prosodic', scores.prosodic, label.prosodic, fold);
    add('utterance_total', scores.total, label.total, fold);
    add('utterance_completeness', scores.completeness, label.completeness, fold);
    const flagged = isIncomplete(text_score);
    if (label.completeness <= 5) [incomplete.low, incomplete.lowFlagged] = [incomplete.low + 1, incomplete.lowFlagged + (flagged ? 1 : 0)];
    if (label.completeness >= 10) [incomplete.complete, incomplete.completeFlagged] = [incomplete.complete + 1, incomplete.completeFlagged + (flagged ? 1 : 0)];
    if (r.result.other_prompt) {
      const { pronunciation, flagged: otherFlagged } = r.result.other_prompt;
      otherPrompt.readings++;
      otherPrompt.flagged += otherFlagged ? 1 : 0;
      otherPrompt.caught += otherFlagged || pronunciation <= WRONG_PROMPT_AT_MOST ? 1 : 0;
    }
    const entries = text_score.word_score_list;
    overallGap.push(Math.abs(service.pronunciation - entries.reduce((a, w) => a + w.quality_score, 0) / entries.length));
    for (const p of entries.flatMap((w) => w.phone_score_list)) {
      phones++;
      if (p.quality_score >= 90 && p.sound_most_like !== p.phone) contradictions++;
    }
    for (const pair of pairWithLabel(words, label)) {
      const w = words[pair.ours]!;
      const entry = entries[pair.ours]!;
      const lw = label.words[pair.label]!;
      add('word_accuracy', entry.quality_score, lw.accuracy, fold);
      add('word_stress', w.scores.stress, lw.stress, fold);
      add('word_total', w.scores.total, lw.total, fold);
      const fails = entry.quality_class === 'fail';
      failing.humanFail += lw.accuracy < 7 ? 1 : 0;
      failing.flagged += fails ? 1 : 0;
      failing.both += fails && lw.accuracy < 7 ? 1 : 0;
      for (const [a, b] of pair.phones) {
        const phone = entry.phone_score_list[a]!;
        add('phone', phone.quality_score, lw.phone_scores[b]!, fold);
        if (lw.accuracy === 10) notation.get(`${entry.word.toLowerCase()} /${phone.phone}/`)?.push(phone.quality_score);
      }
    }
  });

  const round = (x: number) => Math.round(x * 1000) / 1000;
  const metrics = Object.fromEntries(
    (Object.keys(MEASURES) as Measure[]).map((m) => {
      const { pred, human, fold } = s[m];
      const perFold = Array.from({ length: FOLDS }, (_, k) => {
        const idx = fold.flatMap((f, i) => (f === k ? [i] : []));
        return round(pearson(idx.map((i) => pred[i]!), idx.map((i) => human[i]!)));
      });
      // On the human scale: envelope numbers (0..100) are brought back to it first.
      const { range, predRange } = MEASURES[m];
      const toHuman = (range[1] - range[0]) / (predRange[1] - predRange[0]);
      const mse = pred.reduce((acc, p, i) => acc + (p * toHuman - human[i]!) ** 2, 0) / pred.length;
      return [m, { pcc: round(pearson(pred, human)), mse: round(mse), n: pred.length, pcc_per_fold: perFold }];
    }),
  ) as Record<Measure, { pcc: number; mse: number; n: number; pcc_per_fold: number[] }>;

  const rawFluency = results.flatMap((r) => (r.result ? [r.result.scores.fluency] : []));
  const std = (xs: readonly number[]) => {
    const m = xs.reduce((a, b) => a + b, 0) / xs.length;
    return Math.sqrt(xs.reduce((a, b) => a + (b - m) ** 2, 0) / xs.length);
  };
  // How well one rater agrees with the others (each expert against the median of the other four, averaged over
  // experts): the ceiling that a group's figure should be read against.
  const raterAgreement = (inGroup: (age: number) => boolean) => {
    const five = labels.filter((l) => inGroup(l.age) && l.experts.accuracy.length === 5);
    const perExpert = [0, 1, 2, 3, 4].map((k) =>
      pearson(
        five.map((l) => l.experts.accuracy[k]!),
        five.map((l) => {
          const others = l.experts.accuracy.filter((_, j) => j !== k).sort((a, b) => a - b);
          return (others[1]! + others[2]!) / 2;
        }),
      ),
    );
    return round(perExpert.reduce((a, b) => a + b, 0) / perExpert.length);
  };
  const verdicts = {
    phones_scored_90_or_more_named_as_another_phone: round(contradictions / phones),
    words_raters_failed_recall: round(failing.both / failing.humanFail),
    words_raters_failed_precision: round(failing.both / failing.flagged),
    pronunciation_fluency_pcc: round(pearson(s.utterance_accuracy.pred, s.utterance_fluency.pred)),
    head_accuracy_fluency_pcc: round(pearson(s.utterance_accuracy_head.pred, rawFluency)),
    raters_accuracy_fluency_pcc: round(pearson(labels.map((l) => l.accuracy), labels.map((l) => l.fluency))),
    one_rater_vs_the_others_utterance_accuracy_children: raterAgreement((age) => age <= 12),
    one_rater_vs_the_others_utterance_accuracy_adults: raterAgreement((age) => age > 12),
    utterance_spread_vs_raters: round(std(s.utterance_accuracy.pred) / 10 / std(s.utterance_accuracy.human)),
    incomplete_recall_completeness_5_or_less: round(incomplete.lowFlagged / incomplete.low),
    incomplete_readings: incomplete.low,
    complete_readings_flagged: round(incomplete.completeFlagged / incomplete.complete),
    other_prompt_readings: otherPrompt.readings,
    other_prompt_flagged_incomplete: round(otherPrompt.flagged / otherPrompt.readings),
    other_prompt_flagged_or_50_or_less: round(otherPrompt.caught / otherPrompt.readings),
    overall_minus_mean_word_abs_max: round(Math.max(...overallGap)),
    notation_phones_mean_quality_in_words_rated_10: Object.fromEntries([...notation].map(([k, v]) => [k, { mean: round(v.reduce((a, b) => a + b, 0) / v.length), n: v.length }])),
  };
  const report = {
    data: dataArg,
    protocol: `${FOLDS}-fold cross-validation, folds disjoint by speaker (speakers sorted by id, dealt round-robin); each fold scored by the engine with the head trained without it`,
    utterances: labels.length,
    scored: s.utterance_accuracy.pred.length,
    error_envelopes: errors,
    seconds,
    metrics,
    verdicts,
  };
  mkdirSync('reports', { recursive: true });
  writeFileSync('reports/so762-cv.json', `${JSON.stringify(report, null, 2)}\n`);

  mkdirSync('docs/accuracy', { recursive: true });
  for (const m of PLOTTED) {
    const { title, range } = MEASURES[m];
    writeFileSync(
      `docs/accuracy/${m}.svg`,
      densityPlotSvg({
        title: `${title}: PCC ${metrics[m].pcc.toFixed(3)} (n = ${metrics[m].n})`,
        xLabel: `engine, held-out fold (envelope, 0..100)`,
        yLabel: `human (speechocean762)`,
        x: s[m].pred,
        y: s[m].human,
        xRange: [...MEASURES[m].predRange],
        yRange: [...range],
      }),
    );
  }
  const table = [
    '| level | measure | PCC | MSE | n | PCC per fold |',
    '|---|---|---|---|---|---|',
    ...(Object.keys(MEASURES) as Measure[]).map((m) => {
      const [level, ...rest] = m.split('_');
      const r = metrics[m];
      return `| ${level} | ${rest.join(' ') || 'score (0–2)'} | ${r.pcc.toFixed(3)} | ${r.mse.toFixed(3)} | ${r.n} | ${r.pcc_per_fold.map((x) => x.toFixed(2)).join(' · ')} |`;
    }),
  ];
  writeFileSync(
    'docs/accuracy/so762-cv.md',
    [
      '# Cross-validated accuracy on speechocean762 (train split)',
      '',
      `Written by \`npm run eval:cv\`. ${report.protocol}. ${report.scored} of ${report.utterances} utterances scored` +
        `${Object.keys(errors).length ? ` (errors: ${Object.entries(errors).map(([k, v]) => `${v} ${k}`).join(', ')})` : ''}; MSE on the human scale (phone 0–2, others 0–10).`,
      '',
      ...table,
      '',
      'Phone, word accuracy, utterance accuracy (the `service_score.pronunciation` a learner sees, with include_fluency=1, so incomplete readings are lowered) and fluency are read from the envelope (0..100); the other measures are the head\'s own outputs.',
      '',
      '## Verdicts a learner sees',
      '',
      '| check | value |',
      '|---|---|',
      ...Object.entries(verdicts).flatMap(([k, v]) =>
        typeof v === 'object' ? Object.entries(v).map(([p, x]) => `| ${k.replace(/_/g, ' ')}: ${p} | ${x.mean} (n = ${x.n}) |`) : [`| ${k.replace(/_/g, ' ')} | ${v} |`],
      ),
      '',
      ...PLOTTED.map((m) => `![${MEASURES[m].title}](${m}.svg)`),
      '',
    ].join('\n'),
  );
  console.log(table.join('\n'));
  console.log(JSON.stringify(verdicts, null, 2));
  console.log(`\n${report.scored} scored, errors ${JSON.stringify(errors)}, ${report.seconds} s; wrote reports/so762-cv.json and docs/accuracy/`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
