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
import { pearson } from './stats.js';

interface Scored {
  words: { text: string; phones: string[]; phoneScores: number[]; scores: { accuracy: number; stress: number; total: number } }[];
  scores: { accuracy: number; fluency: number; prosodic: number; total: number };
}

interface Series {
  pred: number[];
  human: number[];
  fold: number[];
}
const series = (): Series => ({ pred: [], human: [], fold: [] });

/** Where each measure's numbers come from, with the range of its human scale. */
const MEASURES = {
  phone: { title: 'phone score', range: [0, 2] },
  word_accuracy: { title: 'word accuracy', range: [0, 10] },
  word_stress: { title: 'word stress', range: [0, 10] },
  word_total: { title: 'word total', range: [0, 10] },
  utterance_accuracy: { title: 'utterance accuracy', range: [0, 10] },
  utterance_fluency: { title: 'utterance fluency', range: [0, 10] },
  utterance_prosodic: { title: 'utterance prosody', range: [0, 10] },
  utterance_total: { title: 'utterance total', range: [0, 10] },
} as const;
type Measure = keyof typeof MEASURES;
const PLOTTED: Measure[] = ['phone', 'word_accuracy', 'utterance_accuracy', 'utterance_fluency'];

async function main() {
  const { dataArg, labels, folds, results, seconds } = await runCorpusCommand<Scored>('cv', process.argv.slice(2));

  const s = Object.fromEntries(Object.keys(MEASURES).map((k) => [k, series()])) as Record<Measure, Series>;
  const add = (m: Measure, pred: number, human: number, fold: number) => {
    s[m].pred.push(pred);
    s[m].human.push(human);
    s[m].fold.push(fold);
  };
  const errors: Record<string, number> = {};
  results.forEach((r, i) => {
    const label = labels[i]!;
    const fold = folds.get(label.speaker)!;
    if (r.error !== undefined) {
      errors[r.error] = (errors[r.error] ?? 0) + 1;
      return;
    }
    const { words, scores } = r.result;
    add('utterance_accuracy', scores.accuracy, label.accuracy, fold);
    add('utterance_fluency', scores.fluency, label.fluency, fold);
    add('utterance_prosodic', scores.prosodic, label.prosodic, fold);
    add('utterance_total', scores.total, label.total, fold);
    for (const pair of pairWithLabel(words, label)) {
      const w = words[pair.ours]!;
      const lw = label.words[pair.label]!;
      add('word_accuracy', w.scores.accuracy, lw.accuracy, fold);
      add('word_stress', w.scores.stress, lw.stress, fold);
      add('word_total', w.scores.total, lw.total, fold);
      for (const [a, b] of pair.phones) add('phone', w.phoneScores[a]!, lw.phone_scores[b]!, fold);
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
      const mse = pred.reduce((acc, p, i) => acc + (p - human[i]!) ** 2, 0) / pred.length;
      return [m, { pcc: round(pearson(pred, human)), mse: round(mse), n: pred.length, pcc_per_fold: perFold }];
    }),
  ) as Record<Measure, { pcc: number; mse: number; n: number; pcc_per_fold: number[] }>;

  const report = {
    data: dataArg,
    protocol: `${FOLDS}-fold cross-validation, folds disjoint by speaker (speakers sorted by id, dealt round-robin); each fold scored by the engine with the head trained without it`,
    utterances: labels.length,
    scored: s.utterance_accuracy.pred.length,
    error_envelopes: errors,
    seconds,
    metrics,
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
        xLabel: `predicted (engine, held-out fold)`,
        yLabel: `human (speechocean762)`,
        x: s[m].pred,
        y: s[m].human,
        xRange: [...range],
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
      ...PLOTTED.map((m) => `![${MEASURES[m].title}](${m}.svg)`),
      '',
    ].join('\n'),
  );
  console.log(table.join('\n'));
  console.log(`\n${report.scored} scored, errors ${JSON.stringify(errors)}, ${report.seconds} s; wrote reports/so762-cv.json and docs/accuracy/`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
