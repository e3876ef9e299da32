#!/usr/bin/env node
/**
 * The `oralis` command. Any envelope, error envelopes included, is a
 * successful run (exit 0); only misuse of the command itself exits non-zero.
 */
import { readFileSync } from 'node:fs';
import { IGNORED_PARAMS, TEXT_PARAMS, WORD_PARAMS } from '../contract/request.js';
import { createNodeEngine } from '../node.js';
import { parseArgs, refuseUnknown, takeList, takeOption, unescapeNewlines, UsageError } from './args.js';
import { writeAssets } from './assets.js';
import { runBatch, type BatchProgress } from './batch.js';
import { scoreFile, type Endpoint } from './score-request.js';

const USAGE = `Usage:
  oralis text  --audio FILE --text TEXT [--dialect en-us] [--PARAM VALUE ...]
  oralis word  --audio FILE --word WORD [--PARAM VALUE ...]
  oralis batch --in REQUESTS.jsonl --out RESPONSES.jsonl [--jobs N]
  oralis assets --out public/oralis [--models es,fr,fr-ca]
  oralis serve [--port 8080] [--host 127.0.0.1] [--threads 2] [--queue 8] [--keys-file FILE]

Every API parameter of the v9 spec is accepted as --name (or --name-with-dashes);
a bare --flag means "1". FILE may be "-" for standard input. In --text and --word
a literal \\n separates multiple-choice options. --model-dir DIR reads models
from DIR instead of the bundled models/ folder.

Score Text defaults --dialect to en-us on the command line. Prints the response
envelope as JSON; exits 0 for any envelope, 2 for misuse of the command
(an unknown command or option among them). \`oralis COMMAND --help\` lists a
command's options; \`oralis --version\` prints the version.`;

/** Each scoring command's parameters (the spec's, plus those accepted so cloud requests port unchanged) and what it is for. */
const COMMANDS = {
  text: { params: [...TEXT_PARAMS, ...IGNORED_PARAMS], about: 'Score Text: a reading of a known text (or multiple-choice options, one per line).' },
  word: { params: [...WORD_PARAMS, ...IGNORED_PARAMS], about: 'Score Word: a single word, letter name or marked-up sound.' },
} as const;

const commandHelp = (command: Endpoint) =>
  `Usage: oralis ${command} --audio FILE --${command} ${command.toUpperCase()} [--PARAM VALUE ...] [--model-dir DIR]

${COMMANDS[command].about}
Its parameters, as the v9 spec names them (--name or --name-with-dashes; a bare --flag means "1"):
  ${COMMANDS[command].params.join(', ')}`;

const BATCH_HELP = `Usage: oralis batch --in REQUESTS.jsonl --out RESPONSES.jsonl [--jobs N] [--model-dir DIR]

Scores one request per line ({"id", "endpoint": "text" | "word", "audio", "params"}) on N worker
threads and writes one {"id", "response"} line per request, in input order.`;

const SERVE_HELP = `Usage: oralis serve [--port 8080] [--host 127.0.0.1] [--threads 2] [--queue 8]
                    [--keys-file FILE | --no-auth] [--cors ORIGIN,...] [--max-upload-mb 16] [--model-dir DIR]

Answers POST /api/scoring/text/v9/json and /api/scoring/word/v9/json as the v9 spec describes
(query key, dialect, user_id; multipart body with user_audio_file and the other parameters) with
the envelopes 'oralis text' and 'oralis word' print.
  --threads N       scoring threads, each with its own models (default 2)
  --queue N         requests that may wait for a thread (default 8); past that, 503 with Retry-After
  --keys-file FILE  API keys, one per line (# starts a comment); also ORALIS_API_KEYS=k1,k2.
                    A request without a listed key gets 401. --no-auth asks for none.
  --cors ORIGINS    origins browsers may call from (comma-separated, or *); default none
  --max-upload-mb N largest upload (413 past it)
One JSON log line per request on stdout (no audio, text or key). SIGINT/SIGTERM finish the
requests in progress and queued, then exit.`;

const ASSETS_HELP = `Usage: oralis assets --out DIR [--models FOLDER,...] [--model-dir DIR]

Writes the files a web app serves for oralis/browser into DIR: the models whose licence is
permissive, and en-us/cmudict.json. Serve DIR at the URL given to createScorer as modelBaseUrl
(its default, 'oralis/', matches --out <your public folder>/oralis). --models adds opt-in
folders: es (GPL-3.0), fr and fr-ca (CC BY-NC-SA 4.0, non-commercial).`;

const version = () => (JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string }).version;

const COMMAND_NAMES = ['text', 'word', 'batch', 'assets', 'serve'] as const;
const isCommand = (name: string): name is (typeof COMMAND_NAMES)[number] => (COMMAND_NAMES as readonly string[]).includes(name);

async function main(argv: readonly string[]): Promise<number> {
  const { command, options } = parseArgs(argv);
  if (command === '--version' || command === 'version') {
    process.stdout.write(`${version()}\n`);
    return 0;
  }
  if (command === undefined || command === 'help' || command === '--help') {
    process.stdout.write(`${USAGE}\n`);
    return command === undefined ? 2 : 0;
  }
  if (!isCommand(command)) throw new UsageError(`Unknown command ${JSON.stringify(command)}.`);
  if ('help' in options) {
    process.stdout.write(`${command === 'text' || command === 'word' ? commandHelp(command) : { batch: BATCH_HELP, assets: ASSETS_HELP, serve: SERVE_HELP }[command]}\n`);
    return 0;
  }
  const modelDir = takeOption(options, 'model_dir');
  switch (command) {
    case 'assets':
      return assets(options, modelDir);
    case 'serve':
      return serve(options, modelDir);
    case 'batch':
      return batch(options, modelDir);
    default:
      return score(command, options, modelDir);
  }
}

async function score(endpoint: Endpoint, options: Record<string, string>, modelDir: string | undefined): Promise<number> {
  const audio = takeOption(options, 'audio');
  if (audio === undefined) throw new UsageError('--audio FILE is required.');
  const known: readonly string[] = COMMANDS[endpoint].params;
  refuseUnknown(endpoint, Object.keys(options).filter((name) => !known.includes(name)));
  if (options[endpoint] !== undefined) options[endpoint] = unescapeNewlines(options[endpoint]);
  // The HTTP API requires dialect on Score Text; a CLI user reading English should not have to type it.
  if (endpoint === 'text') options.dialect ??= 'en-us';
  const engine = createNodeEngine({ modelDir });
  const envelope = await scoreFile(engine, endpoint, audio, options);
  process.stdout.write(`${JSON.stringify(envelope, null, 2)}\n`);
  return 0;
}

async function batch(options: Record<string, string>, modelDir: string | undefined): Promise<number> {
  const input = takeOption(options, 'in');
  const output = takeOption(options, 'out');
  const jobsText = takeOption(options, 'jobs') ?? '1';
  refuseUnknown('batch', Object.keys(options));
  if (input === undefined || output === undefined) throw new UsageError('batch needs --in FILE and --out FILE.');
  const jobs = Number(jobsText);
  if (!Number.isInteger(jobs) || jobs < 1) throw new UsageError(`--jobs must be a positive integer, got ${jobsText}.`);
  const summary = await runBatch({ input, output, jobs, modelDir, onProgress: throttledProgress() });
  process.stderr.write(`oralis batch: ${describe(summary)}; responses in ${output}\n`);
  return 0;
}

async function assets(options: Record<string, string>, modelDir: string | undefined): Promise<number> {
  const out = takeOption(options, 'out');
  const models = takeList(options, 'models');
  refuseUnknown('assets', Object.keys(options));
  if (out === undefined || out === '1') throw new UsageError('assets needs --out DIR.');
  let summary;
  try {
    summary = await writeAssets(out, { models, ...(modelDir ? { modelDir } : {}) });
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error));
  }
  for (const f of summary.folders) process.stderr.write(`  ${f.shipped ? 'wrote' : 'left out'} ${f.folder} (${f.spdx})${f.shipped ? '' : `: add it with --models ${f.folder}`}\n`);
  process.stderr.write(`oralis assets: ${summary.files} files, ${(summary.bytes / 1e6).toFixed(1)} MB in ${out}\n`);
  return 0;
}

async function serve(options: Record<string, string>, modelDir: string | undefined): Promise<number> {
  const number = (name: string, fallback: number, min: number) => {
    const text = takeOption(options, name);
    const value = text === undefined ? fallback : Number(text);
    if (!Number.isInteger(value) || value < min) throw new UsageError(`--${name.replaceAll('_', '-')} must be a whole number ≥ ${min}, got ${text}.`);
    return value;
  };
  const port = number('port', 8080, 0);
  const threads = number('threads', 2, 1);
  const maxQueue = number('queue', 8, 0);
  const maxUploadBytes = number('max_upload_mb', 16, 1) * 2 ** 20;
  const host = takeOption(options, 'host') ?? '127.0.0.1';
  const keysFile = takeOption(options, 'keys_file');
  const noAuth = takeOption(options, 'no_auth') === '1';
  const corsOrigins = takeList(options, 'cors');
  refuseUnknown('serve', Object.keys(options));
  const keys = [
    ...(process.env.ORALIS_API_KEYS ?? '').split(','),
    ...(keysFile ? readFileSync(keysFile, 'utf8').split('\n').map((line) => line.replace(/#.*/, '')) : []),
  ].map((k) => k.trim()).filter(Boolean);
  if (keys.length === 0 && !noAuth) throw new UsageError('serve needs API keys: ORALIS_API_KEYS=k1,k2 or --keys-file FILE (or --no-auth for a server no one else can reach).');
  // fastify loads only for this command: the scoring commands start without it.
  const { createServer } = await import('./serve.js');
  const server = await createServer({ keys: noAuth ? null : new Set(keys), threads, maxQueue, maxUploadBytes, corsOrigins, ...(modelDir ? { modelDir } : {}), log: (entry) => process.stdout.write(`${JSON.stringify(entry)}\n`) });
  const address = await server.app.listen({ port, host });
  process.stderr.write(`oralis serve: ${address}/api/scoring/text/v9/json and /word/v9/json, ${threads} threads, queue ${maxQueue}${noAuth ? ', no key asked for' : `, ${keys.length} keys`}\n`);
  await new Promise<void>((resolve) => {
    const stop = (signal: string) => {
      process.stderr.write(`oralis serve: ${signal}: finishing ${server.pool.load.running + server.pool.load.queued} requests, then exiting\n`);
      void server.close().then(resolve);
    };
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
  });
  return 0;
}

/** Progress on stderr, at most once a second so big batches do not flood logs. */
function throttledProgress(): (progress: BatchProgress) => void {
  let last = 0;
  return (progress) => {
    const now = performance.now();
    if (now - last < 1000 || progress.done === progress.total) return;
    last = now;
    process.stderr.write(`oralis batch: ${describe(progress)}\n`);
  };
}

function describe({ done, total, errors, elapsedSeconds }: BatchProgress): string {
  const rate = elapsedSeconds > 0 ? done / elapsedSeconds : 0;
  const eta = rate > 0 ? ` eta ${Math.ceil((total - done) / rate)} s` : '';
  return `${done}/${total} done, ${errors} error envelopes, ${elapsedSeconds.toFixed(1)} s${done < total ? eta : ''}`;
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    if (error instanceof UsageError) {
      process.stderr.write(`oralis: ${error.message}\n\n${USAGE}\n`);
      process.exitCode = 2;
    } else {
      process.stderr.write(`oralis: unexpected failure: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
      process.exitCode = 1;
    }
  },
);
