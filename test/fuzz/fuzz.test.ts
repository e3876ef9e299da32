/**
 * The engine under malformed and hostile input (cases.ts), CONCURRENT
 * requests at a time: every answer must be a schema-valid envelope within
 * CASE_LIMIT_MS, never internal_error, and the process must stay under
 * MAX_RSS_MB. `npm test` runs 2,000 seeded cases (about half a minute); `npm run fuzz` runs 10,000
 * cases and writes reports/fuzz.json (ORALIS_FUZZ_CASES and ORALIS_FUZZ_SEED
 * choose others).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { TextEnvelope, WordEnvelope } from '../../src/contract/schema.js';
import { createNodeEngine } from '../../src/node.js';
import { fuzzCase } from './cases.js';

const CASES = Number(process.env.ORALIS_FUZZ_CASES ?? 2000);
const SEED = Number(process.env.ORALIS_FUZZ_SEED ?? 762);
const CONCURRENT = 8;
const CASE_LIMIT_MS = 30_000;
const MAX_RSS_MB = 600;

const engine = createNodeEngine();

describe('fuzz', () => {
  it(`${CASES} hostile requests (seed ${SEED}), ${CONCURRENT} at a time: valid envelopes, no internal_error, no hang, RSS < ${MAX_RSS_MB} MB`, async () => {
    const outcomes = new Map<string, number>();
    const failures: string[] = [];
    let peakRss = 0;
    let slowest = 0;
    const started = performance.now();
    const sampler = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage().rss)), 50);
    try {
      for (let first = 0; first < CASES; first += CONCURRENT) {
        const batch = Array.from({ length: Math.min(CONCURRENT, CASES - first) }, (_, k) => first + k);
        await Promise.all(
          batch.map(async (index) => {
            const c = fuzzCase(SEED, index);
            const t0 = performance.now();
            let timer: NodeJS.Timeout | undefined;
            const hang = new Promise<'hang'>((resolve) => (timer = setTimeout(() => resolve('hang'), CASE_LIMIT_MS)));
            const call = c.endpoint === 'text' ? engine.scoreText(c.params as never, c.audio as never) : engine.scoreWord(c.params as never, c.audio as never);
            const answer = await Promise.race([call, hang]);
            clearTimeout(timer);
            slowest = Math.max(slowest, performance.now() - t0);
            const label = `#${index} ${c.endpoint} ${c.name}`;
            if (answer === 'hang') return void failures.push(`${label}: no answer in ${CASE_LIMIT_MS / 1000} s`);
            const valid = (c.endpoint === 'text' ? TextEnvelope : WordEnvelope).safeParse(answer);
            if (!valid.success) return void failures.push(`${label}: invalid envelope ${JSON.stringify(answer).slice(0, 200)}`);
            const outcome = answer.status === 'error' ? answer.short_message : 'success';
            if (outcome === 'internal_error') failures.push(`${label}: ${answer.status === 'error' ? answer.detail_message : ''}`);
            outcomes.set(outcome, (outcomes.get(outcome) ?? 0) + 1);
          }),
        );
      }
    } finally {
      clearInterval(sampler);
    }
    const report = {
      cases: CASES,
      seed: SEED,
      concurrent: CONCURRENT,
      seconds: Math.round((performance.now() - started) / 1000),
      failures: failures.length,
      peak_rss_mb: Math.round(peakRss / 2 ** 20),
      slowest_case_ms: Math.round(slowest),
      outcomes: Object.fromEntries([...outcomes].sort((a, b) => b[1] - a[1])),
    };
    if (process.env.ORALIS_FUZZ_CASES) {
      mkdirSync('reports', { recursive: true });
      writeFileSync('reports/fuzz.json', `${JSON.stringify({ ...report, first_failures: failures.slice(0, 20) }, null, 2)}\n`);
    }
    console.log(JSON.stringify(report));
    expect(failures.slice(0, 10)).toEqual([]);
    expect(report.peak_rss_mb).toBeLessThan(MAX_RSS_MB);
  }, Math.max(120_000, CASES * 200));
});
