import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer, type OralisServer, type RequestLog } from '../../src/cli/serve.js';
import { REPO_ROOT } from '../helpers/paths.js';

// The server as `oralis serve` runs it: its scoring threads load the compiled engine from dist/ (npm test builds it first).
const WAV = join(REPO_ROOT, 'examples/we-call-it-bear.wav');
const wav = new Uint8Array(readFileSync(WAV));
const cli = (args: string[]) => JSON.parse(execFileSync(process.execPath, [join(REPO_ROOT, 'dist/cli/main.js'), ...args], { encoding: 'utf8' })) as unknown;

/** The spec's request: key, dialect, user_id in the query; the audio and the other parameters as multipart parts. */
function form(fields: Record<string, string>, audio: Uint8Array | null = wav): FormData {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) body.append(name, value);
  if (audio) body.append('user_audio_file', new Blob([audio as Uint8Array<ArrayBuffer>], { type: 'audio/wav' }), 'reading.wav');
  return body;
}

describe('oralis serve: the v9 REST paths', () => {
  let server: OralisServer;
  let base = '';
  const logs: RequestLog[] = [];
  beforeAll(async () => {
    server = await createServer({ keys: new Set(['class-7b']), threads: 1, maxQueue: 0, maxUploadBytes: 2 ** 20, corsOrigins: ['https://app.example'], log: (entry) => logs.push(entry) });
    base = await server.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => server.close());

  const post = (endpoint: string, query: string, body: FormData) => fetch(`${base}/api/scoring/${endpoint}/v9/json?${query}`, { method: 'POST', body });

  it('Score Text: the spec\'s multipart request gets the envelope `oralis text` prints', async () => {
    const response = await post('text', 'key=class-7b&dialect=en-us&user_id=pupil-12', form({ text: 'we call it bear', include_fluency: '1', include_intonation: '1' }));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await response.json()).toEqual(cli(['text', '--audio', WAV, '--text', 'we call it bear', '--dialect', 'en-us', '--user-id', 'pupil-12', '--include-fluency', '--include-intonation']));
  });

  it('Score Word: dialect may be left out (en-us), as in the spec', async () => {
    const response = await post('word', 'key=class-7b', form({ word: 'bear' }));
    expect(await response.json()).toEqual(cli(['word', '--audio', WAV, '--word', 'bear']));
  });

  it('a request without a valid key is refused with 401 and an envelope, before its body is read', async () => {
    for (const query of ['dialect=en-us', 'key=guess&dialect=en-us']) {
      const response = await post('text', query, form({ text: 'we call it bear' }));
      expect(response.status).toBe(401);
      expect(await response.json()).toMatchObject({ status: 'error', short_message: 'invalid_key' });
    }
  });

  it('bad requests get envelopes: no audio part, an upload over the limit, a body that is not multipart, an unknown path', async () => {
    const noAudio = await post('text', 'key=class-7b&dialect=en-us', form({ text: 'we call it bear' }, null));
    expect(await noAudio.json()).toMatchObject({ short_message: 'missing_parameter', detail_message: expect.stringContaining('user_audio_file') });
    const tooBig = await post('word', 'key=class-7b', form({ word: 'bear' }, new Uint8Array(2 ** 20 + 1)));
    expect(tooBig.status).toBe(413);
    expect(await tooBig.json()).toMatchObject({ short_message: 'audio_too_large' });
    const json = await fetch(`${base}/api/scoring/word/v9/json?key=class-7b`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"word":"bear"}' });
    expect(json.status).toBe(415);
    expect(await json.json()).toMatchObject({ short_message: 'invalid_request' });
    const elsewhere = await post('grammar', 'key=class-7b', form({ word: 'bear' }));
    expect(elsewhere.status).toBe(404);
    expect(await elsewhere.json()).toMatchObject({ short_message: 'invalid_request' });
    // The engine's own checks answer as they do on the CLI.
    expect(await (await post('text', 'key=class-7b&dialect=xx-yy', form({ text: 'we call it bear' }))).json()).toMatchObject({ short_message: 'invalid_parameter' });
  });

  it('past the queue limit it answers 503 with Retry-After, and still scores the requests it took', async () => {
    // One thread, no queue, three requests at once with a 30 s passage: the first is scored, the others arrive while it is.
    const passage = new Uint8Array(readFileSync(join(REPO_ROOT, 'examples/north-wind.ogg')));
    const responses = await Promise.all([0, 1, 2].map(() => post('text', 'key=class-7b&dialect=en-us', form({ text: 'the north wind and the sun' }, passage))));
    const busy = responses.filter((r) => r.status === 503);
    expect(busy.length).toBeGreaterThanOrEqual(1);
    expect(responses.filter((r) => r.status === 200)).toHaveLength(3 - busy.length);
    for (const response of busy) {
      expect(Number(response.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
      expect(await response.json()).toMatchObject({ short_message: 'server_busy' });
    }
  });

  it('answers CORS preflights for the origins it was given only', async () => {
    const preflight = (origin: string) => fetch(`${base}/api/scoring/text/v9/json`, { method: 'OPTIONS', headers: { origin, 'access-control-request-method': 'POST' } });
    expect((await preflight('https://app.example')).headers.get('access-control-allow-origin')).toBe('https://app.example');
    expect((await preflight('https://elsewhere.example')).headers.get('access-control-allow-origin')).toBeNull();
  });

  it('logs each request without its audio, text or key', () => {
    const lines = logs.map((entry) => JSON.stringify(entry)).join('\n');
    expect(logs.find((entry) => entry.status === 200 && entry.endpoint === 'text')).toMatchObject({ method: 'POST', path: '/api/scoring/text/v9/json', dialect: 'en-us', audio_bytes: wav.length });
    expect(logs.filter((entry) => entry.status === 401)).toHaveLength(2);
    expect(lines).not.toMatch(/class-7b|we call it bear|pupil-12|RIFF/);
  });
});

describe('oralis serve: shutting down', () => {
  it('finishes the request in progress before it stops, and takes no new ones', async () => {
    const server = await createServer({ keys: null, threads: 1, maxQueue: 4, maxUploadBytes: 2 ** 24, corsOrigins: [] });
    const base = await server.app.listen({ port: 0, host: '127.0.0.1' });
    const passage = new Uint8Array(readFileSync(join(REPO_ROOT, 'examples/north-wind.ogg')));
    const inFlight = fetch(`${base}/api/scoring/text/v9/json?dialect=en-us`, { method: 'POST', body: form({ text: 'the north wind and the sun' }, passage) });
    await new Promise((resolve) => setTimeout(resolve, 100));
    const closed = server.close();
    expect((await inFlight).status).toBe(200);
    await closed;
    await expect(fetch(`${base}/api/scoring/text/v9/json`, { method: 'POST' })).rejects.toThrow();
  });
});
