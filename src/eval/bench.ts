#!/usr/bin/env node
/**
 * `npm run bench`: model load time, real-time factor and peak memory of Score
 * Text in Node (single-threaded WASM) on the bundled passages: English
 * (examples/north-wind.ogg, 7.4 s, en-us) and Spanish
 * (examples/viento-norte.ogg, 8.6 s, es-es), compared per 10 s of speech.
 * Decoding + resampling is timed apart from scoring, which runs through the
 * engine's public API from 16 kHz samples (everything a request costs:
 * features, warp search, acoustic model, alignment, GOP, head, pitch, stress,
 * envelope).
 */
import { readFileSync } from 'node:fs';
import { fileModelSource } from '../runtime/file-model-source.js';
import { prepareAudio } from '../audio/prepare.js';
import { loadDialectModels } from '../engine/models.js';
import { DIALECT_REGISTRY } from '../engine/dialects.js';
import { createNodeEngine, type ScoringEngine } from '../node.js';
import { median } from '../util/stats.js';

const PASSAGES = [
  {
    dialect: 'en-us',
    file: 'north-wind.ogg',
    text: 'The north wind and the sun were disputing which was the stronger, when a traveler came along wrapped in a warm cloak.',
    // Intonation is English only (spec).
    extra: { include_intonation: '1' },
  },
  {
    dialect: 'es-es',
    file: 'viento-norte.ogg',
    text: 'El viento norte y el sol porfiaban sobre cuál de ellos era el más fuerte, cuando acertó a pasar un viajero envuelto en ancha capa.',
    extra: {},
  },
] as const;
const RUNS = 9;

const round = (x: number, places = 0) => Math.round(x * 10 ** places) / 10 ** places;

async function time(engine: ScoringEngine, passage: (typeof PASSAGES)[number]) {
  const bytes = readFileSync(new URL(`../../examples/${passage.file}`, import.meta.url));
  const params = { text: passage.text, dialect: passage.dialect, ...passage.extra };

  const prepareTimes: number[] = [];
  let audio = await prepareAudio(bytes, { maxSeconds: 46, endpoint: 'bench' });
  for (let run = 0; run < RUNS; run++) {
    const t = performance.now();
    audio = await prepareAudio(bytes, { maxSeconds: 46, endpoint: 'bench' });
    prepareTimes.push(performance.now() - t);
  }
  const samples = { samples: audio.samples, sampleRate: 16_000 };

  // Loading alone (manifests, sha256 checks, ONNX sessions), then the engine, which loads its own copy on the
  // dialect's first request; that request minus a warm one adds JIT warm-up of the whole pipeline.
  let t = performance.now();
  const { models, head } = DIALECT_REGISTRY[passage.dialect]!;
  await loadDialectModels(fileModelSource(), models, 'wasm', head);
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
  const prepareMs = median(prepareTimes);
  const scoreMs = median(scoreTimes);
  return {
    dialect: passage.dialect,
    audio_seconds: round(audio.seconds, 2),
    model_load_ms: Math.round(loadMs),
    first_request_extra_ms: Math.round(firstMs - scoreMs),
    // Opus decoding (WASM) and 48 → 16 kHz resampling; a browser decodes natively and hands over samples.
    decode_resample_ms_median: Math.round(prepareMs),
    score_ms_median: Math.round(scoreMs),
    real_time_factor: round(scoreMs / 1000 / audio.seconds, 3),
    score_ms_per_10s_of_speech: Math.round((scoreMs / audio.seconds) * 10),
    total_ms_per_10s_of_speech: Math.round(((prepareMs + scoreMs) / audio.seconds) * 10),
  };
}

async function main() {
  let peakRss = process.memoryUsage().rss;
  const sampler = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage().rss)), 5);
  // One engine, as a server answering both languages holds one.
  const engine = createNodeEngine();
  const passages = [];
  for (const passage of PASSAGES) passages.push(await time(engine, passage));
  clearInterval(sampler);
  peakRss = Math.max(peakRss, process.memoryUsage().rss);
  const [english, spanish] = passages;
  const report = {
    passages,
    spanish_vs_english_per_10s: round(spanish!.score_ms_per_10s_of_speech / english!.score_ms_per_10s_of_speech, 2),
    // Both languages' models loaded in one process, as a server answering both would hold them.
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
