#!/usr/bin/env node
/**
 * `npm run bench`: model load time, real-time factor and peak memory of Score
 * Text in Node (single-threaded WASM) on the bundled 7.4 s passage. Decoding +
 * resampling is timed apart from scoring, which runs through the engine's
 * public API from 16 kHz samples (everything a request costs: features, warp
 * search, acoustic model, alignment, GOP, head, pitch, stress, envelope).
 */
import { readFileSync } from 'node:fs';
import { fileModelSource } from '../runtime/file-model-source.js';
import { prepareAudio } from '../audio/prepare.js';
import { loadDialectModels } from '../engine/models.js';
import { createNodeEngine } from '../node.js';

const PASSAGE = 'The north wind and the sun were disputing which was the stronger, when a traveler came along wrapped in a warm cloak.';
const RUNS = 9;

const median = (xs: readonly number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

async function main() {
  let peakRss = process.memoryUsage().rss;
  const sampler = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage().rss)), 5);
  const bytes = readFileSync(new URL('../../examples/north-wind.ogg', import.meta.url));
  const params = { text: PASSAGE, dialect: 'en-us', include_intonation: '1' };
  const engine = createNodeEngine();

  const prepareTimes: number[] = [];
  let audio = await prepareAudio(bytes, { maxSeconds: 46, endpoint: 'bench' });
  for (let run = 0; run < RUNS; run++) {
    const t = performance.now();
    audio = await prepareAudio(bytes, { maxSeconds: 46, endpoint: 'bench' });
    prepareTimes.push(performance.now() - t);
  }
  const samples = { samples: audio.samples, sampleRate: 16_000 };

  // Loading alone (manifests, sha256 checks, ONNX sessions), then the engine, which loads its own copy on the
  // first request; that request minus a warm one adds JIT warm-up of the whole pipeline.
  let t = performance.now();
  await loadDialectModels(fileModelSource(), 'en-us');
  const loadMs = performance.now() - t;
  t = performance.now();
  const first = await engine.scoreText(params, samples);
  const firstMs = performance.now() - t;
  if (first.status !== 'success') throw new Error(`bench request failed: ${JSON.stringify(first)}`);
  const scoreTimes: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    t = performance.now();
    await engine.scoreText(params, samples);
    scoreTimes.push(performance.now() - t);
  }
  clearInterval(sampler);
  peakRss = Math.max(peakRss, process.memoryUsage().rss);
  const prepareMs = median(prepareTimes);
  const scoreMs = median(scoreTimes);
  const report = {
    audio_seconds: Math.round(audio.seconds * 100) / 100,
    model_load_ms: Math.round(loadMs),
    first_request_extra_ms: Math.round(firstMs - scoreMs),
    // Opus decoding (WASM) and 48 → 16 kHz resampling; a browser decodes natively and hands over samples.
    decode_resample_ms_median: Math.round(prepareMs),
    score_ms_median: Math.round(scoreMs),
    real_time_factor: Math.round((scoreMs / 1000 / audio.seconds) * 1000) / 1000,
    score_ms_per_10s_of_speech: Math.round((scoreMs / audio.seconds) * 10),
    total_ms_per_10s_of_speech: Math.round(((prepareMs + scoreMs) / audio.seconds) * 10),
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
