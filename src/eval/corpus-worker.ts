/**
 * An evaluation worker thread. `features` mode measures utterances for the
 * head's training data (the scoring/features.ts vectors the head reads);
 * `cv` mode scores each utterance with the head of its fold, the one trained
 * without that fold's speakers, through the same response code as the engine,
 * against its own script and against another one.
 */
import { readFile } from 'node:fs/promises';
import { parentPort, workerData } from 'node:worker_threads';
import { fileModelSource } from '../runtime/file-model-source.js';
import { loadDialectModels } from '../engine/models.js';
import { DIALECT_REGISTRY } from '../engine/dialects.js';
import type { ModelSource } from '../runtime/model-source.js';
import { OralisError, toErrorEnvelope } from '../contract/errors.js';
import type { TextScore } from '../contract/schema.js';
import { prepareAudio } from '../audio/prepare.js';
import { wordsOf, type LexiconWord } from '../lexicon/lexicon.js';
import { packageCmudict } from '../languages/en-us/cmudict-package.js';
import { encodeRecording, analyseRecording } from '../engine/analysis.js';
import { measureProsody } from '../features/prosody.js';
import { loadScoringHead } from '../scoring/head.js';
import { textScoreOf } from '../report/response.js';
import { headInput, scoreAnalysis } from '../scoring/utterance.js';
import { FOLDS } from './corpus.js';
import { isIncomplete } from './stats.js';

export interface CorpusJob {
  index: number;
  audio: string;
  text: string;
  /** cv mode: another utterance's script, to score the same audio against (the wrong-prompt check). */
  otherText?: string;
  fold: number;
}

export type WorkerMode = 'features' | 'cv';

const { mode } = workerData as { mode: WorkerMode };
const source = fileModelSource();
const acoustic = loadDialectModels(source, 'en-us').then((models) => models.acoustic);
const lexicon = packageCmudict().then((dictionary) => ({ language: DIALECT_REGISTRY['en-us']!.language, dictionary }));

/** The fold's head, read from `en-us/cv/fold-<k>/` in place of `en-us/head/`. */
const foldSource = (fold: number): ModelSource => {
  const redirect = (path: string) => path.replace(/^en-us\/head\//, `en-us/cv/fold-${fold}/`);
  return { read: (path, check) => source.read(redirect(path), check), locate: (path) => source.locate(redirect(path)) };
};
const heads = mode === 'cv' ? Array.from({ length: FOLDS }, (_, k) => loadScoringHead(foldSource(k), 'en-us')) : [];

async function run(job: CorpusJob) {
  const prepared = await prepareAudio(new Uint8Array(await readFile(job.audio)), { maxSeconds: 60, endpoint: 'eval' });
  const words = wordsOf(await lexicon, job.text);
  const model = await acoustic;
  // Encoded once: cv mode aligns it with two scripts.
  const prosody = measureProsody(prepared.samples);
  const recording = encodeRecording(model, prepared.samples, prosody);
  if (mode === 'features') {
    const analysis = await analyseRecording(model, recording, words);
    const input = headInput(analysis, prosody, 'inventory');
    // What the portable head reads (train-head.py --portable); its word rows are the same.
    const portable = headInput(analysis, prosody, 'portable');
    return {
      words: analysis.words.map((w) => ({ text: w.word.text, phones: w.phones.map((p) => p.label) })),
      phone: Array.from(input.phones),
      word: Array.from(input.words),
      utterance: Array.from(input.utterance),
      phone_portable: Array.from(portable.phones),
      utterance_portable: Array.from(portable.utterance),
    };
  }
  const head = await heads[job.fold]!;
  // What a learner would see with include_fluency=1.
  const envelopeOf = async (text: string, lexiconWords: LexiconWord[]) => {
    const scored = await scoreAnalysis(head, await analyseRecording(model, recording, lexiconWords), prosody);
    return { scored, textScore: await textScoreOf(text, scored, head, { intonation: false, interference: false, fluency: true }) };
  };
  const own = await envelopeOf(job.text, words);
  const other = job.otherText === undefined ? undefined : await otherEnvelope(job.otherText, envelopeOf);
  return {
    words: own.scored.words.map((w) => ({ text: w.word.text, phones: w.phones.map((p) => p.label), scores: w.scores })),
    scores: own.scored.scores,
    text_score: own.textScore,
    other_prompt: other && { pronunciation: other.service_score.pronunciation, flagged: isIncomplete(other) },
  };
}

/** The wrong-prompt envelope, or none when the other script has a word the dictionary lacks (its own utterance counts that error). */
async function otherEnvelope(text: string, envelopeOf: (text: string, words: LexiconWord[]) => Promise<{ textScore: TextScore }>) {
  let words: LexiconWord[];
  try {
    words = wordsOf(await lexicon, text);
  } catch (error) {
    if (error instanceof OralisError && error.code === 'unknown_word') return undefined;
    throw error;
  }
  return (await envelopeOf(text, words)).textScore;
}

parentPort!.on('message', async (job: CorpusJob) => {
  try {
    parentPort!.postMessage({ index: job.index, result: await run(job) });
  } catch (error) {
    const envelope = toErrorEnvelope(error);
    parentPort!.postMessage({ index: job.index, error: envelope.status === 'error' ? envelope.short_message : 'internal_error' });
  }
});
