#!/usr/bin/env node
/**
 * The `oralis` command. Any envelope, error envelopes included, is a
 * successful run (exit 0); only misuse of the command itself exits non-zero.
 */
import { readFileSync } from 'node:fs';
import { IGNORED_PARAMS, TEXT_PARAMS, WORD_PARAMS } from '../contract/request.js';
import { createNodeEngine } from '../node.js';
import { parseArgs, takeOption, unescapeNewlines, UsageError } from './args.js';
import { writeAssets } from './assets.js';
import { runBatch, type BatchProgress } from './batch.js';
import { scoreFile, type Endpoint } from './score-request.js';

const USAGE = `Usage:
  oralis text  --audio FILE --text TEXT [--dialect en-us] [--PARAM VALUE ...]
  oralis word  --audio FILE --word WORD [--PARAM VALUE ...]
  oralis batch --in REQUESTS.jsonl --out RESPONSES.jsonl [--jobs N]
  oralis assets --out public/oralis [--models es,fr,fr-ca]

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

const ASSETS_HELP = `Usage: oralis assets --out DIR [--models FOLDER,...] [--model-dir DIR]

Writes the files a web app serves for oralis/browser into DIR: the models whose licence is
permissive, and en-us/cmudict.json. Serve DIR at the URL given to createScorer as modelBaseUrl
(its default, 'oralis/', matches --out <your public folder>/oralis). --models adds opt-in
folders: es (GPL-3.0), fr and fr-ca (CC BY-NC-SA 4.0, non-commercial).`;

const version = () => (JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string }).version;

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
  if (command !== 'text' && command !== 'word' && command !== 'batch' && command !== 'assets') throw new UsageError(`Unknown command ${JSON.stringify(command)}.`);
  if ('help' in options) {
    process.stdout.write(`${command === 'batch' ? BATCH_HELP : command === 'assets' ? ASSETS_HELP : commandHelp(command)}\n`);
    return 0;
  }
  const modelDir = takeOption(options, 'model_dir');
  if (command === 'assets') return assets(options, modelDir);
  return command === 'batch' ? batch(options, modelDir) : score(command, options, modelDir);
}

async function score(endpoint: Endpoint, options: Record<string, string>, modelDir: string | undefined): Promise<number> {
  const audio = takeOption(options, 'audio');
  if (audio === undefined) throw new UsageError('--audio FILE is required.');
  const known: readonly string[] = COMMANDS[endpoint].params;
  const unknown = Object.keys(options).filter((name) => !known.includes(name));
  if (unknown.length > 0) throw new UsageError(`${endpoint} does not take --${unknown.join(', --')} (oralis ${endpoint} --help lists what it takes).`);
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
  const unknown = Object.keys(options);
  if (unknown.length > 0) throw new UsageError(`batch does not take --${unknown.join(', --')}.`);
  if (input === undefined || output === undefined) throw new UsageError('batch needs --in FILE and --out FILE.');
  const jobs = Number(jobsText);
  if (!Number.isInteger(jobs) || jobs < 1) throw new UsageError(`--jobs must be a positive integer, got ${jobsText}.`);
  const summary = await runBatch({ input, output, jobs, modelDir, onProgress: throttledProgress() });
  process.stderr.write(`oralis batch: ${describe(summary)}; responses in ${output}\n`);
  return 0;
}

async function assets(options: Record<string, string>, modelDir: string | undefined): Promise<number> {
  const out = takeOption(options, 'out');
  const models = (takeOption(options, 'models') ?? '').split(',').map((f) => f.trim()).filter(Boolean);
  const unknown = Object.keys(options);
  if (unknown.length > 0) throw new UsageError(`assets does not take --${unknown.join(', --')}.`);
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
