// `npm run bench:server`: load test of `oralis serve` on localhost with autocannon (README, "Speed").
// 1. Sustained: as many connections as threads + queue can hold, each POSTing the spec's multipart
//    Score Text request for examples/we-call-it-bear.wav; every answer must be the expected envelope.
// 2. Overload: four times that many connections; past the queue the server must answer 503 with
//    Retry-After, lose nothing, and keep scoring.
// Prints one JSON report (requests/s, latency p50/p99, memory), also written to reports/server-load.json,
// and exits non-zero if a request failed or was lost, or overload got no 503.
import { readFileSync, writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import autocannon from 'autocannon';
import { createServer } from '../dist/cli/serve.js';

const THREADS = Number(process.env.ORALIS_BENCH_THREADS ?? 2);
const QUEUE = Number(process.env.ORALIS_BENCH_QUEUE ?? 6);
const SECONDS = Number(process.env.ORALIS_BENCH_SECONDS ?? 20);
const TEXT = 'we call it bear';

const form = new FormData();
form.append('text', TEXT);
form.append('user_audio_file', new Blob([readFileSync(new URL('../examples/we-call-it-bear.wav', import.meta.url))], { type: 'audio/wav' }), 'reading.wav');
const request = new Request('http://localhost/', { method: 'POST', body: form });
const body = Buffer.from(await request.arrayBuffer());
const headers = { 'content-type': request.headers.get('content-type') };

const server = await createServer({ keys: new Set(['bench']), threads: THREADS, maxQueue: QUEUE, maxUploadBytes: 2 ** 24, corsOrigins: [] });
const base = await server.app.listen({ port: 0, host: '127.0.0.1' });
const url = `${base}/api/scoring/text/v9/json?key=bench&dialect=en-us`;

// The expected answer, and the threads warmed up (models loaded) before anything is timed.
const expected = await Promise.all(Array.from({ length: THREADS }, () => fetch(url, { method: 'POST', body: form }).then((r) => r.text())));
if (new Set(expected).size !== 1 || JSON.parse(expected[0]).status !== 'success') throw new Error(`warm-up did not score: ${expected[0]}`);

let peakRss = 0;
const sampler = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage().rss)), 100);

// Every answer is the expected envelope or, past the queue, the server_busy one.
const verifyBody = (answer) => answer === expected[0] || answer.includes('"short_message":"server_busy"');
const run = (connections) => autocannon({ url, method: 'POST', headers, body, connections, duration: SECONDS, timeout: 60, verifyBody });

const summary = (result, connections) => ({
  connections,
  requests: result.requests.total,
  requests_per_second: Number((result.requests.total / result.duration).toFixed(2)),
  latency_ms: { p50: result.latency.p50, p99: result.latency.p99, max: result.latency.max },
  status: { '2xx': result['2xx'], '503': result.statusCodeStats?.['503']?.count ?? 0, other_non_2xx: result.non2xx - (result.statusCodeStats?.['503']?.count ?? 0) },
  failed: { errors: result.errors, timeouts: result.timeouts, wrong_answers: result.mismatches },
});

const sustained = summary(await run(THREADS + QUEUE), THREADS + QUEUE);
const sustainedRss = peakRss;
const overload = summary(await run(4 * (THREADS + QUEUE)), 4 * (THREADS + QUEUE));
clearInterval(sampler);
// Once the requests autocannon left in flight are answered, the server must score as before.
while (server.pool.load.running + server.pool.load.queued > 0) await new Promise((resolve) => setTimeout(resolve, 50));
const after = await fetch(url, { method: 'POST', body: form });
const afterText = await after.text();
await server.close();

const report = {
  machine: `${cpus().length} × ${cpus()[0]?.model.trim()}`,
  node: process.version,
  threads: THREADS,
  queue: QUEUE,
  seconds_per_phase: SECONDS,
  audio: 'examples/we-call-it-bear.wav (1.5 s, Score Text)',
  sustained,
  overload,
  peak_rss_mb: { sustained: Math.round(sustainedRss / 2 ** 20), overall: Math.round(peakRss / 2 ** 20) },
  scores_after_overload: after.status === 200 && afterText === expected[0],
};
console.log(JSON.stringify(report, null, 2));
writeFileSync(new URL('../reports/server-load.json', import.meta.url), `${JSON.stringify(report, null, 2)}\n`);
const failed = [sustained, overload].some((p) => p.failed.errors + p.failed.timeouts + p.failed.wrong_answers + p.status.other_non_2xx > 0) || sustained.status['503'] > 0 || overload.status['503'] === 0 || !report.scores_after_overload;
process.exitCode = failed ? 1 : 0;
