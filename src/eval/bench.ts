#!/usr/bin/env node
/**
 * `npm run bench`: model load time, real-time factor and peak memory of Score
 * Text in Node (single-threaded WASM) on the bundled 7.4 s passage, with
 * decoding + resampling timed apart from scoring.
 */
import { readFileSync } from 'node:fs';
import { fileModelSource } from '../acoustic/file-model-source.js';
import { loadDialectModels } from '../scoring/models.js';
import { prepareAudio } from '../audio/prepare.js';
import { wordsOf } from '../lexicon/lexicon.js';
import { scoreUtterance } from '../scoring/utterance.js';

const PASSAGE = 'The north wind and the sun were disputing which was the stronger, when a traveler came along wrapped in a warm cloak.';
const RUNS = 5;

const median = (xs: readonly number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

async function main() {
  let peakRss = process.memoryUsage().rss;
  const sampler = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage().rss)), 5);

  let t = performance.now();
  const { acoustic, head } = await loadDialectModels(fileModelSource(), 'en-us');
  const loadMs = performance.now() - t;

  const bytes = readFileSync(new URL('../../examples/north-wind.ogg', import.meta.url));
  const words = wordsOf(PASSAGE);
  const prepareTimes: number[] = [];
  const scoreTimes: number[] = [];
  let seconds = 0;
  for (let run = 0; run < RUNS; run++) {
    t = performance.now();
    const audio = await prepareAudio(bytes, { maxSeconds: 46, endpoint: 'bench' });
    prepareTimes.push(performance.now() - t);
    t = performance.now();
    await scoreUtterance(acoustic, head, audio.samples, words);
    scoreTimes.push(performance.now() - t);
    seconds = audio.seconds;
  }
  clearInterval(sampler);
  peakRss = Math.max(peakRss, process.memoryUsage().rss);
  const prepareMs = median(prepareTimes);
  const scoreMs = median(scoreTimes);
  const report = {
    audio_seconds: Math.round(seconds * 100) / 100,
    model_load_ms: Math.round(loadMs),
    // Opus decoding (WASM) and 48 → 16 kHz resampling; a browser decodes natively and hands over samples.
    decode_resample_ms_median: Math.round(prepareMs),
    // 16 kHz samples → scored words: features, warp search, acoustic model, alignment, GOP.
    score_ms_median: Math.round(scoreMs),
    real_time_factor: Math.round((scoreMs / 1000 / seconds) * 1000) / 1000,
    score_ms_per_10s_of_speech: Math.round((scoreMs / seconds) * 10),
    total_ms_per_10s_of_speech: Math.round(((prepareMs + scoreMs) / seconds) * 10),
    peak_rss_mb: Math.round(peakRss / 2 ** 20),
    runs: RUNS,
    node: process.version,
  };
  console.log(JSON.stringify(report, null, 2));
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
