/**
 * The two endpoints, Score Text and Score Word. Each call validates its
 * parameters, prepares the audio and runs the scoring pipeline; whatever goes
 * wrong comes back as an error envelope, never as a throw.
 */
import type { Backend, BackendChoice } from '../runtime/backend.js';
import type { ModelSource } from '../runtime/model-source.js';
import { loadDialectModels, type DialectModels } from './models.js';
import { DIALECT_REGISTRY, SUPPORTED_DIALECTS } from './dialects.js';
import { prepareAudio, type AudioLimits } from '../audio/prepare.js';
import type { AudioInput, Decoder } from '../audio/types.js';
import { recordDictionary, type PronouncingDictionary } from '../lexicon/dictionary.js';
import type { Language } from '../lexicon/language.js';
import { unknownKeys, wordsOf, type Lexicon, type MarkupMode } from '../lexicon/lexicon.js';
import { textScoreOf, wordScore } from '../report/response.js';
import { chooseOption } from './choice.js';
import { encodeRecording } from './analysis.js';
import { measureProsody } from '../features/prosody.js';
import { scoreAnalysis } from '../scoring/utterance.js';
import { checkSpeechPresent } from '../features/voicing.js';
import { OralisError, toErrorEnvelope } from '../contract/errors.js';
import { API_VERSION, LIMITS, QUOTA_UNLIMITED } from '../contract/limits.js';
import { checkSupported, parseTextRequest, parseWordRequest, splitOptions, type Dialect, type TextParams, type WordParams } from '../contract/request.js';
import { TextEnvelope, WordEnvelope } from '../contract/schema.js';
import { refuseUnbuiltText } from './unbuilt.js';
import { optInStatus, type OptInStatus } from '../contract/opt-in.js';
import { readManifest } from '../runtime/verified-files.js';

export interface EngineOptions {
  /** Where model files are read from. */
  models: ModelSource;
  /** Execution provider for the acoustic model; 'auto' (default) is WebGPU where available, else WASM. */
  backend?: Backend;
  /** How encoded audio is decoded; default in-process (node.ts passes a decoder child process with a memory limit). */
  decoder?: Decoder;
  /**
   * Loads a language pack's pronouncing dictionary (`file`, its
   * dictionaryFile), once per pack, when a request first needs it (browser.ts:
   * through the model source; node.ts: the same, or an npm package where one
   * holds it). A pack without a dictionary file is not asked for. A failed
   * load is an envelope for that request and is tried again on the next.
   */
  dictionary: (file: string, language: Language) => Promise<PronouncingDictionary>;
}

export interface ScoringEngine {
  /** Score Text. Params are typed for editors; anything else (untyped JS, form data) gets an invalid_parameter envelope, not a throw. */
  scoreText(params: TextParams, audio: AudioInput): Promise<TextEnvelope>;
  /** Score Word, validated the same way. */
  scoreWord(params: WordParams, audio: AudioInput): Promise<WordEnvelope>;
  /**
   * Loads a dialect's models now (otherwise the first request does) and says which backend they
   * run on (with 'auto', why not WebGPU) and which licences the dialect's scoring carries.
   */
  ready(dialect?: Dialect): Promise<EngineReport>;
}

export interface EngineReport extends BackendChoice {
  licences: {
    /** The dialect's model folders (acoustic model, and the head's folder where it is another) with their manifests' SPDX licence. */
    models: { folder: string; spdx: string }[];
    /** The opt-in (copyleft) packages and whether this runtime has them (contract/opt-in.ts). */
    optIn: OptInStatus[];
  };
}

interface ReadingOptions {
  markup: MarkupMode;
  /** include_unknown_words=1: guess pronunciations for words the dictionary lacks. */
  guessUnknown: boolean;
}

export function createEngine(engineOptions: EngineOptions): ScoringEngine {
  // Each models folder and head load once, on first use (dialects may share them); a failed load is retried on the next request.
  const loaded = new Map<string, Promise<DialectModels>>();
  const lexicons = new Map<string, Promise<Lexicon>>();
  const modelsFor = (dialect: Dialect) => {
    const { models: folder, head = folder } = DIALECT_REGISTRY[dialect]!;
    return once(loaded, `${folder} ${head}`, () => loadDialectModels(engineOptions.models, folder, engineOptions.backend ?? 'auto', head));
  };
  const lexiconFor = (dialect: Dialect) => {
    const language = DIALECT_REGISTRY[dialect]!.language;
    const file = language.dictionaryFile;
    return once(lexicons, language.id, async () => ({ language, dictionary: file === undefined ? recordDictionary({}) : await engineOptions.dictionary(file, language) }));
  };

  /**
   * Options (one script, or the choices of a multiple-choice request) + audio
   * → the chosen script and its scored utterance: the pipeline both endpoints share.
   */
  const score = async (dialect: Dialect, options: readonly string[], reading: ReadingOptions, audio: AudioInput, limits: AudioLimits) => {
    if (options.length === 0) throw new OralisError('invalid_parameter', 'The text has no words to score.');
    if (options.length > LIMITS.maxOptions) {
      throw new OralisError('invalid_parameter', `${options.length} multiple-choice options (one per line); at most ${LIMITS.maxOptions} are scored in one request. Send no_mc=1 if the lines are one script.`);
    }
    const lexicon = await lexiconFor(dialect);
    const guesses = reading.guessUnknown ? await lexicon.language.guessPronunciations([...new Set(options.flatMap((o) => unknownKeys(lexicon, o, reading.markup)))]) : undefined;
    // Lexicon errors of a single script come before any audio work.
    if (options.length === 1) wordsOf(lexicon, options[0]!, reading.markup, guesses);
    const prepared = await prepareAudio(audio, limits, engineOptions.decoder);
    // The head reads pitch and loudness; stress and intonation read the same tracks; the pitch also says whether anyone spoke.
    const prosody = measureProsody(prepared.samples);
    checkSpeechPresent(prepared.samples, prosody.pitch);
    const { acoustic, head } = await modelsFor(dialect);
    const recording = encodeRecording(acoustic, prepared.samples, prosody);
    const choice = await chooseOption(acoustic, recording, options, { lexicon, markup: reading.markup, guesses });
    const scored = await scoreAnalysis(head, choice.analysis, prosody);
    return { script: choice.option, scored, head };
  };

  return {
    ready: async (dialect = 'en-us') => {
      checkSupported(dialect, SUPPORTED_DIALECTS);
      await lexiconFor(dialect);
      const { backend } = (await modelsFor(dialect)).acoustic;
      const { models: folder, head = folder } = DIALECT_REGISTRY[dialect]!;
      const models = await Promise.all(
        [...new Set([folder, head])].map(async (f) => ({ folder: f, spdx: (await readManifest<{ spdx?: string }>(engineOptions.models, `${f}/manifest.json`, `model folder ${f}/`)).spdx ?? 'not stated' })),
      );
      return { ...backend, licences: { models, optIn: await optInStatus() } };
    },
    scoreText: (params, audio) =>
      guarded(TextEnvelope, async () => {
        const request = parseTextRequest(params, SUPPORTED_DIALECTS);
        refuseUnbuiltText(request);
        // Spec: newline-separated options are multiple choice unless no_mc=1, and never with fluency.
        const options = request.no_mc || request.include_fluency ? [request.text] : splitOptions(request.text);
        const { script, scored, head } = await score(request.dialect, options, { markup: request.markup_language ? 'text' : 'none', guessUnknown: request.include_unknown_words }, audio, { maxSeconds: LIMITS.textAudioSeconds, endpoint: 'Score Text' });
        const text_score = await textScoreOf(script, scored, head, {
          intonation: request.include_intonation,
          interference: request.include_interference_metrics,
          fluency: request.include_fluency,
        });
        return { status: 'success' as const, quota_remaining: QUOTA_UNLIMITED, version: API_VERSION, text_score };
      }),
    scoreWord: (params, audio) =>
      guarded(WordEnvelope, async () => {
        const request = parseWordRequest(params, SUPPORTED_DIALECTS);
        const { script, scored } = await score(request.dialect, splitOptions(request.word), { markup: request.markup_language ? 'word' : 'none', guessUnknown: false }, audio, { maxSeconds: LIMITS.wordAudioSeconds, endpoint: 'Score Word' });
        return {
          status: 'success' as const,
          version: API_VERSION,
          word_score: wordScore(script, scored, { interference: request.include_interference_metrics }),
        };
      }),
  };
}

/** `make()` once per key; a failure is forgotten so the next call tries again. */
function once<K, V>(cache: Map<K, Promise<V>>, key: K, make: () => Promise<V>): Promise<V> {
  let value = cache.get(key);
  if (!value) {
    value = make();
    cache.set(key, value);
    value.catch(() => cache.delete(key));
  }
  return value;
}

interface Schema<T> {
  safeParse(value: unknown): { success: true; data: T } | { success: false; error: { message: string } };
}

/** Runs one request; errors become envelopes, and a response that breaks the wire schema is caught here, not by the caller. */
async function guarded<T>(schema: Schema<T>, run: () => Promise<T>): Promise<T> {
  let response: unknown;
  try {
    response = await run();
  } catch (error) {
    response = toErrorEnvelope(error);
  }
  const checked = schema.safeParse(response);
  if (checked.success) return checked.data;
  const envelope = toErrorEnvelope(
    new OralisError('internal_error', `The engine built a response that breaks the v9 schema: ${checked.error.message}`),
  );
  return envelope as T;
}
