import { execFile, execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { TextEnvelope, WordEnvelope } from '../../src/contract/schema.js';
import { REPO_ROOT } from '../helpers/paths.js';

// The CLI as installed: the compiled dist/ (npm test builds it first).
const CLI = join(REPO_ROOT, 'dist/cli/main.js');
const WAV = join(REPO_ROOT, 'examples/we-call-it-bear.wav');
const work = mkdtempSync(join(tmpdir(), 'oralis-cli-'));

async function oralis(args: string[], stdin?: Uint8Array) {
  const run = promisify(execFile)('node', [CLI, ...args], { cwd: REPO_ROOT, encoding: 'utf8' });
  if (stdin) {
    run.child.stdin!.end(stdin);
  }
  try {
    const { stdout, stderr } = await run;
    return { code: 0, stdout, stderr };
  } catch (error) {
    const e = error as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

describe('oralis text / word', () => {
  it('prints a full text_score for a 16 kHz wav and exits 0', async () => {
    const { code, stdout } = await oralis(['text', '--audio', WAV, '--text', 'we call it bear']);
    expect(code).toBe(0);
    const envelope = TextEnvelope.parse(JSON.parse(stdout));
    expect(envelope.status).toBe('success');
    if (envelope.status !== 'success') return;
    const words = envelope.text_score.word_score_list;
    expect(words.map((w) => w.word)).toEqual(['we', 'call', 'it', 'bear']);
    expect(words[3]!.phone_score_list.map((p) => p.phone)).toEqual(['b', 'eh', 'r']);
    expect(words.every((w) => w.syllable_score_list.length === 1)).toBe(true);
    // Words follow each other in time.
    const ends = words.map((w) => w.phone_score_list.at(-1)!.extent[1]);
    expect([...ends].sort((a, b) => a - b)).toEqual(ends);
  });

  it('random bytes give an error envelope with a code, still exit 0', async () => {
    const junk = join(work, 'junk.wav');
    writeFileSync(junk, Uint8Array.from({ length: 2048 }, (_, i) => (i * 31) % 256));
    const { code, stdout } = await oralis(['word', '--audio', junk, '--word', 'bear']);
    expect(code).toBe(0);
    expect(JSON.parse(stdout)).toMatchObject({ status: 'error', short_message: 'audio_decode_failed' });
  });

  it('reads audio from standard input with --audio -', async () => {
    const { stdout } = await oralis(['word', '--audio', '-', '--word', 'bear'], new Uint8Array(64));
    expect(JSON.parse(stdout)).toMatchObject({ status: 'error', short_message: 'audio_decode_failed' });
  });

  it.each([['--include-fluency', 'maybe'], ['--include_fluency', 'maybe'], ['--include-fluency=maybe']])(
    'passes %s through as the API parameter include_fluency',
    async (...flag) => {
      const { stdout } = await oralis(['text', '--audio', WAV, '--text', 'hi', ...flag]);
      const envelope = JSON.parse(stdout);
      expect(envelope.short_message).toBe('invalid_parameter');
      expect(envelope.detail_message).toContain('include_fluency');
    },
  );

  it('a missing audio file is an envelope, not a crash', async () => {
    const { code, stdout } = await oralis(['word', '--audio', join(work, 'nope.wav'), '--word', 'bear']);
    expect(code).toBe(0);
    expect(WordEnvelope.parse(JSON.parse(stdout))).toMatchObject({ short_message: 'audio_read_failed' });
  });

  it.each([[[]], [['text', '--text', 'hi']], [['score', '--audio', WAV]], [['text', 'stray']], [['text', '--audio', WAV, '--text', 'hi', '--include-fluence', '1']]])(
    'misuse %j exits 2 with usage on stderr',
    async (args) => {
      const { code, stderr, stdout } = await oralis(args);
      expect(code).toBe(2);
      expect(stdout + stderr).toContain('Usage:');
    },
  );

  it('names an unknown option and where to find the right ones', async () => {
    const { code, stderr } = await oralis(['word', '--audio', WAV, '--word', 'bear', '--no-mc']);
    expect(code).toBe(2);
    expect(stderr).toContain('word does not take --no_mc (oralis word --help');
  });

  it('--help after a command lists that command\'s parameters; --version prints the package version', async () => {
    const text = await oralis(['text', '--help']);
    expect(text.code).toBe(0);
    expect(text.stdout).toContain('include_unknown_words');
    const word = await oralis(['word', '--help']);
    expect(word.stdout).not.toContain('include_fluency');
    const { stdout, code } = await oralis(['--version']);
    expect(code).toBe(0);
    expect(stdout.trim()).toBe((JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string }).version);
  });
});

describe('special files', () => {
  const fifo = join(work, 'fifo');
  execFileSync('mkfifo', [fifo]);

  it.each([
    ['/dev/zero (never ends)', '/dev/zero', 'a device or socket'],
    ['a FIFO with no writer (would block)', fifo, 'a FIFO'],
    ['a directory', work, 'a directory'],
  ])('%s is refused at once with audio_read_failed', async (_what, path, kind) => {
    const { code, stdout } = await oralis(['word', '--audio', path, '--word', 'bear']);
    expect(code).toBe(0);
    expect(JSON.parse(stdout)).toMatchObject({ status: 'error', short_message: 'audio_read_failed' });
    expect(JSON.parse(stdout).detail_message).toContain(kind);
  });

  it('a batch line naming /dev/zero fails alone; the lines after it are answered', async () => {
    const requests = join(work, 'special.jsonl');
    const responses = join(work, 'special-out.jsonl');
    writeFileSync(requests, [
      { id: 'zero', endpoint: 'word', audio: '/dev/zero', params: { word: 'bear' } },
      { id: 'ok', endpoint: 'word', audio: WAV, params: { word: 'bear' } },
    ].map((l) => JSON.stringify(l)).join('\n'));
    const { code } = await oralis(['batch', '--in', requests, '--out', responses]);
    expect(code).toBe(0);
    const out = readFileSync(responses, 'utf8').trim().split('\n').map((l) => JSON.parse(l));
    expect(out.map((r) => [r.id, r.response.short_message ?? r.response.status])).toEqual([['zero', 'audio_read_failed'], ['ok', 'success']]);
  });
});

describe('oralis batch', () => {
  it('answers every line in order, bad lines included, on two workers', async () => {
    const requests = join(work, 'requests.jsonl');
    const responses = join(work, 'responses.jsonl');
    const lines = [
      { id: 'a', endpoint: 'text', audio: WAV, params: { text: 'we call it bear', dialect: 'en-us' } },
      '{ this is not json',
      { id: 'c', endpoint: 'word', audio: 'missing.wav', params: { word: 'bear' } },
      { id: 'd', endpoint: 'speech', audio: WAV, params: {} },
      { id: 7, endpoint: 'word', audio: WAV, params: { word: 'x'.repeat(301) } },
    ];
    writeFileSync(requests, lines.map((l) => (typeof l === 'string' ? l : JSON.stringify(l))).join('\n\n'));
    const { code, stderr } = await oralis(['batch', '--in', requests, '--out', responses, '--jobs', '2']);
    expect(code).toBe(0);
    expect(stderr).toMatch(/5\/5 done/);
    const out = readFileSync(responses, 'utf8').trim().split('\n').map((l) => JSON.parse(l));
    expect(out.map((r) => r.id)).toEqual(['a', 'line 3', 'c', 'd', 7]);
    expect(out[0].response.status).toBe('success');
    expect(out.map((r) => r.response.short_message)).toEqual([
      undefined,
      'invalid_request',
      'audio_read_failed',
      'invalid_request',
      'word_too_long',
    ]);
    // Relative audio paths are read next to the request file.
    expect(out[2].response.detail_message).toContain(join(work, 'missing.wav'));
  });

  it('refuses a bad --jobs as misuse', async () => {
    const { code } = await oralis(['batch', '--in', 'x', '--out', 'y', '--jobs', '0']);
    expect(code).toBe(2);
  });
});

describe('oralis assets', () => {
  it('writes the permissive models and CMUdict where a web app serves them, names what it left out, and refuses a folder it does not have', async () => {
    const out = join(work, 'public', 'oralis');
    const { code, stderr } = await oralis(['assets', '--out', out]);
    expect(code).toBe(0);
    expect(JSON.parse(readFileSync(join(out, 'en-us/manifest.json'), 'utf8'))).toMatchObject({ spdx: 'BSD-2-Clause' });
    expect(JSON.parse(readFileSync(join(out, 'en-us/cmudict.json'), 'utf8'))).toMatchObject({ bear: 'B EH1 R' });
    expect(existsSync(join(out, 'en-gb/lexicon.json'))).toBe(true);
    expect(existsSync(join(out, 'en-us/cv'))).toBe(false);
    for (const folder of ['es', 'fr', 'fr-ca']) {
      expect(existsSync(join(out, folder))).toBe(false);
      expect(stderr).toContain(`left out ${folder}`);
    }
    const typo = await oralis(['assets', '--out', out, '--models', 'de']);
    expect(typo.code).toBe(2);
    expect(typo.stderr).toContain('No model folder de');
  });
});
