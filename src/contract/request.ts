/**
 * Request parameters exactly as the spec names them, validated at the API
 * boundary. Callers pass loose records (form fields, CLI flags, JSON); what
 * comes out is typed, with flags as booleans and defaults applied.
 */
import { LIMITS } from './limits.js';
import { OralisError } from './errors.js';

export const DIALECTS = ['en-us', 'en-gb', 'es-es', 'es-mx', 'fr-fr', 'fr-ca'] as const;
export type Dialect = (typeof DIALECTS)[number];

const TEXT_FLAGS = [
  'no_mc',
  'include_fluency',
  'include_intonation',
  'include_unknown_words',
  'detect_dialect',
  'enforce_dialect',
  'include_interference_metrics',
] as const;
const WORD_FLAGS = ['include_interference_metrics'] as const;

type TextFlag = (typeof TEXT_FLAGS)[number];
type WordFlag = (typeof WORD_FLAGS)[number];

interface CommonRequest {
  dialect: Dialect;
  user_id?: string;
  markup_language?: 'arpa_mark';
}

export interface TextRequest extends CommonRequest, Record<TextFlag, boolean> {
  text: string;
  question_info?: string;
}

export interface WordRequest extends CommonRequest, Record<WordFlag, boolean> {
  word: string;
}

/** `key` is accepted so cloud requests port unchanged; offline it means nothing. */
export const IGNORED_PARAMS = ['key'];
export const TEXT_PARAMS = ['text', 'dialect', 'user_id', 'question_info', 'markup_language', ...TEXT_FLAGS];
export const WORD_PARAMS = ['word', 'dialect', 'user_id', 'markup_language', ...WORD_FLAGS];

/** Parameters as they arrive from outside (form fields, CLI flags, JSON lines): checked by the parsers below. */
export type RawParams = Readonly<Record<string, unknown>>;

/** A spec flag: "1" turns it on; "0", or leaving it out, off (the spec's parameters are form fields, so strings). */
export type Flag = '0' | '1';

interface CommonParams {
  /** Your learner's id; echoed nowhere, accepted so requests port unchanged. */
  user_id?: string;
  /** "arpa_mark": the script carries ARPABET markup (English only). */
  markup_language?: 'arpa_mark';
  /** The cloud API key; accepted and ignored offline (the local server checks its own keys). */
  key?: string;
  /** 1: interference metrics (English only). */
  include_interference_metrics?: Flag;
}

/** Score Text's parameters as the spec names them; the engine still validates them at run time. */
export interface TextParams extends CommonParams {
  /** What the learner reads; several lines are multiple-choice options unless no_mc=1. */
  text: string;
  dialect: Dialect;
  question_info?: string;
  /** 1: the lines of text are one script, not multiple-choice options. */
  no_mc?: Flag;
  /** 1: speech rate, pauses and the fluency scales. */
  include_fluency?: Flag;
  /** 1: sentence intonation (English only). */
  include_intonation?: Flag;
  /** 1: words the dictionary lacks get a pronunciation guessed from their spelling instead of unknown_word. */
  include_unknown_words?: Flag;
  /** Not built offline: answered with feature_unavailable. */
  detect_dialect?: Flag;
  /** Not built offline: answered with feature_unavailable. */
  enforce_dialect?: Flag;
}

/** Score Word's parameters as the spec names them (dialect defaults to en-us). */
export interface WordParams extends CommonParams {
  /** One word, a letter name, or ARPABET markup; several lines are multiple-choice options (English only). */
  word: string;
  dialect?: Dialect;
}

/** The parameters read once and checked against the endpoint's names, and its script (`text` or `word`) within its length limit. */
function readScript(input: unknown, allowed: readonly string[], endpoint: string, name: 'text' | 'word', limit: number) {
  const raw = snapshot(input);
  checkKnown(raw, allowed, endpoint);
  const script = requiredString(raw, name);
  if (script.length > limit) {
    throw new OralisError(name === 'text' ? 'text_too_long' : 'word_too_long', `${name} has ${script.length} characters; the limit is ${limit}.`);
  }
  return { raw, script };
}

/** `supported`: the dialects the engine has models for (engine/dialects.ts); the rest of DIALECTS is unsupported_dialect. */
export function parseTextRequest(input: unknown, supported: readonly Dialect[]): TextRequest {
  const { raw, script: text } = readScript(input, TEXT_PARAMS, 'Score Text', 'text', LIMITS.textChars);
  const flags = parseFlags(raw, TEXT_FLAGS);
  const request: TextRequest = {
    text,
    dialect: parseDialect(raw, undefined, supported),
    ...optionalStrings(raw, ['user_id', 'question_info']),
    ...parseMarkup(raw),
    ...flags,
    // Spec: enforce_dialect=1 "sets detect_dialect to 1".
    detect_dialect: flags.detect_dialect || flags.enforce_dialect,
  };
  refuseEnglishOnly(request.dialect, { include_intonation: request.include_intonation, include_interference_metrics: request.include_interference_metrics, markup_language: request.markup_language !== undefined });
  return request;
}

export function parseWordRequest(input: unknown, supported: readonly Dialect[]): WordRequest {
  const { raw, script: word } = readScript(input, WORD_PARAMS, 'Score Word', 'word', LIMITS.wordChars);
  const request: WordRequest = {
    word,
    dialect: parseDialect(raw, 'en-us', supported),
    ...optionalStrings(raw, ['user_id']),
    ...parseMarkup(raw),
    ...parseFlags(raw, WORD_FLAGS),
  };
  refuseEnglishOnly(request.dialect, {
    include_interference_metrics: request.include_interference_metrics,
    markup_language: request.markup_language !== undefined,
    'multiple choice (several lines in word)': splitOptions(word).length > 1,
  });
  return request;
}

/** Newline-separated options of a multiple-choice `text` or `word`, blank lines dropped. */
export const splitOptions = (script: string) =>
  script
    .split('\n')
    .map((o) => o.trim())
    .filter((o) => o.length > 0);

/** Spec: intonation, interference metrics, arpa_mark markup and Score Word's multiple choice are for English (en-us, en-gb) only. */
const ENGLISH: readonly Dialect[] = ['en-us', 'en-gb'];

function refuseEnglishOnly(dialect: Dialect, asked: Record<string, boolean>): void {
  if (ENGLISH.includes(dialect)) return;
  const names = Object.keys(asked).filter((name) => asked[name]);
  if (names.length > 0) {
    throw new OralisError('invalid_parameter', `${names.join(', ')}: the spec offers ${names.length > 1 ? 'these' : 'this'} for English (${ENGLISH.join(', ')}) only, not ${dialect}; send the request without ${names.length > 1 ? 'them' : 'it'}.`);
  }
}

/**
 * The caller's parameters, read once: own enumerable keys copied into a
 * null-prototype record, so nothing inherited answers a lookup, and a proxy or
 * a getter that throws is an invalid_parameter rather than an internal error.
 */
function snapshot(input: unknown): RawParams {
  const notAnObject = () => new OralisError('invalid_parameter', 'Parameters must be an object of name → string value.');
  try {
    if (input === null || typeof input !== 'object' || Array.isArray(input)) throw notAnObject();
    const out = Object.create(null) as Record<string, unknown>;
    for (const key of Object.keys(input)) out[key] = (input as Record<string, unknown>)[key];
    return out;
  } catch (error) {
    if (error instanceof OralisError) throw error;
    throw new OralisError('invalid_parameter', `The parameters could not be read (${error instanceof Error ? error.message : String(error)}).`);
  }
}

function checkKnown(raw: RawParams, allowed: readonly string[], endpoint: string): void {
  const unknown = Object.keys(raw).filter((k) => !allowed.includes(k) && !IGNORED_PARAMS.includes(k));
  if (unknown.length > 0) {
    throw new OralisError(
      'invalid_parameter',
      `${endpoint} does not take ${unknown.map((k) => `"${k}"`).join(', ')}; its parameters are ${allowed.join(', ')}.`,
    );
  }
}

function stringParam(raw: RawParams, name: string): string | undefined {
  const value = raw[name];
  if (value === undefined) return undefined;
  if (typeof value !== 'string') {
    throw new OralisError('invalid_parameter', `${name} must be a string, got ${describe(value)}.`);
  }
  return value;
}

function requiredString(raw: RawParams, name: string): string {
  const value = stringParam(raw, name);
  if (value === undefined) throw new OralisError('missing_parameter', `${name} is required.`);
  if (value.trim() === '') throw new OralisError('invalid_parameter', `${name} is empty.`);
  return value;
}

function optionalStrings<K extends string>(raw: RawParams, names: readonly K[]): Partial<Record<K, string>> {
  const out: Partial<Record<K, string>> = {};
  for (const name of names) {
    const value = stringParam(raw, name);
    if (value !== undefined) out[name] = value;
  }
  return out;
}

function parseFlags<F extends string>(raw: RawParams, names: readonly F[]): Record<F, boolean> {
  const out = {} as Record<F, boolean>;
  for (const name of names) {
    const value = stringParam(raw, name);
    if (value !== undefined && value !== '0' && value !== '1') {
      throw new OralisError('invalid_parameter', `${name} is a flag: "0" or "1", got ${JSON.stringify(value)}.`);
    }
    out[name] = value === '1';
  }
  return out;
}

function parseDialect(raw: RawParams, fallback: Dialect | undefined, supported: readonly Dialect[]): Dialect {
  const value = stringParam(raw, 'dialect') ?? fallback;
  if (value === undefined) throw new OralisError('missing_parameter', `dialect is required (one of ${DIALECTS.join(', ')}).`);
  if (!(DIALECTS as readonly string[]).includes(value)) {
    throw new OralisError('invalid_parameter', `dialect ${JSON.stringify(value)} is not one of ${DIALECTS.join(', ')}.`);
  }
  const dialect = value as Dialect;
  checkSupported(dialect, supported);
  return dialect;
}

/** A dialect the spec names but this build has no models for is unsupported_dialect. */
export function checkSupported(dialect: Dialect, supported: readonly Dialect[]): void {
  if (!supported.includes(dialect)) {
    throw new OralisError('unsupported_dialect', `No acoustic model for ${dialect} yet; supported: ${supported.join(', ')}.`);
  }
}

function parseMarkup(raw: RawParams): { markup_language?: 'arpa_mark' } {
  const value = stringParam(raw, 'markup_language');
  if (value === undefined) return {};
  if (value !== 'arpa_mark') {
    throw new OralisError('invalid_parameter', `markup_language must be "arpa_mark", got ${JSON.stringify(value)}.`);
  }
  return { markup_language: value };
}

function describe(value: unknown): string {
  return value === null ? 'null' : Array.isArray(value) ? 'an array' : `a ${typeof value}`;
}
