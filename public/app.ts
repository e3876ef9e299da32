/**
 * The demo page: load the scorer, take a passage or a word (typed or from the examples) and a
 * recording (microphone or file), then show the score, the pitch plot over the waveform, the
 * words in the spec's colour bands with their phones, the fluency metrics and the raw JSON.
 */
import type { ErrorEnvelope } from '../src/browser.js';
import { createScorer } from '../workers/scorer.js';
import { describeContour, drawContour } from './plot.js';
import { PRESETS, type Mode } from './presets.js';
import { allAttempts, attemptsAt, compare, saveAttempt, toCsv, toJson, trend, type Attempt } from './history.js';
import { play, playable, speak } from './listen.js';
import { startRecording, type ActiveRecording } from './recorder.js';
import { wordElements, type ScoredWord } from './words.js';

// The service worker keeps the app shell for offline use; the models cache themselves.
if ('serviceWorker' in navigator) void navigator.serviceWorker.register('./sw.js');

const $ = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;
const status = $<HTMLParagraphElement>('status');
const errorLine = $<HTMLParagraphElement>('error');
const text = $<HTMLTextAreaElement>('text');
const preset = $<HTMLSelectElement>('preset');
const recordButton = $<HTMLButtonElement>('record');
const results = $<HTMLElement>('results');

const mode = (): Mode => (document.querySelector<HTMLInputElement>('input[name=mode]:checked')?.value as Mode) ?? 'text';
function showPresets() {
  preset.replaceChildren(...PRESETS[mode()].map((p) => new Option(p, p)));
  text.value = PRESETS[mode()][0];
  $('text-label').textContent = mode() === 'word' ? 'Word to say' : 'Text to read';
  // Guessing unknown words is a Score Text parameter.
  $('guess').closest('label')!.hidden = mode() === 'word';
}
document.querySelectorAll('input[name=mode]').forEach((radio) => radio.addEventListener('change', showPresets));
preset.addEventListener('change', () => (text.value = preset.value));
showPresets();

const showError = (message: string) => {
  errorLine.textContent = message;
  status.textContent = `Ready (${scorer.backend})`;
};

const loading = $<HTMLProgressElement>('loading');
const sizes = new Map<string, { loaded: number; total: number }>();
const scorer = await createScorer({
  backend: (new URLSearchParams(location.search).get('backend') as 'auto' | 'webgpu' | 'wasm' | null) ?? 'auto',
  onProgress: (p) => {
    // One bar over all files: each file's size is known once its download starts.
    sizes.set(p.file, { loaded: p.loaded, total: p.total ?? p.loaded });
    const loaded = [...sizes.values()].reduce((n, f) => n + f.loaded, 0);
    const total = [...sizes.values()].reduce((n, f) => n + f.total, 0);
    loading.hidden = false;
    loading.max = total;
    loading.value = loaded;
    status.textContent = `${p.fromCache ? 'Reading' : 'Downloading'} the models: ${(loaded / 1e6).toFixed(1)} of ${(total / 1e6).toFixed(1)} MB (${p.file})`;
  },
}).catch((error: unknown) => {
  status.textContent = 'Not ready';
  loading.hidden = true;
  const reason = (error instanceof Error ? error.message : String(error)).replace(/\.?$/, '.');
  errorLine.textContent = `Could not load the scoring models: ${reason} Reload to try again.`;
  throw error;
});
// For scripting the demo from the console or a test harness.
(window as unknown as { oralisScorer: typeof scorer }).oralisScorer = scorer;
status.textContent = `Ready (${scorer.backend})`;
loading.hidden = true;
$<HTMLButtonElement>('score').disabled = false;
recordButton.disabled = false;

$<HTMLButtonElement>('score').addEventListener('click', () => {
  const file = $<HTMLInputElement>('file').files?.[0];
  if (file) void score(file);
  else showError('Choose a recording first (or use Record).');
});

// Record: the first press starts the microphone; the recording stops by itself after the speech
// (or at the audio limit, with a countdown), or on a second press, and is scored.
let recording: ActiveRecording | undefined;
const level = $<HTMLMeterElement>('level');
recordButton.addEventListener('click', async () => {
  if (recording) {
    recording.stop();
    return;
  }
  errorLine.textContent = '';
  if (!navigator.mediaDevices?.getUserMedia || typeof AudioWorkletNode === 'undefined') {
    showError('This browser cannot record audio here (no microphone access); upload a file instead.');
    return;
  }
  const word = mode() === 'word';
  try {
    recording = await startRecording({
      // The spec's audio limits: 30 s for a word, 45 s (+1 s margin) for a passage.
      maxSeconds: word ? 30 : 46,
      // A passage has pauses between sentences; a word ends at its first silence.
      endSilenceSeconds: word ? 0.7 : 1.5,
      onProgress: ({ dbfs, seconds, secondsLeft, state }) => {
        level.value = Math.max(-60, dbfs);
        status.textContent =
          state === 'waiting'
            ? `Listening… speak when ready (${Math.floor(seconds)} s)`
            : `Recording… ${Math.floor(seconds)} s${secondsLeft <= 10 ? `, stops in ${Math.ceil(secondsLeft)} s` : ''}`;
      },
    });
  } catch (error) {
    const name = error instanceof DOMException ? error.name : '';
    showError(
      name === 'NotAllowedError'
        ? 'No microphone: permission was refused. Allow the microphone for this page, or upload a file.'
        : name === 'NotFoundError'
          ? 'No microphone: this device has none connected. Plug one in, or upload a file.'
          : `No microphone: ${error instanceof Error ? error.message : String(error)}`,
    );
    return;
  }
  recordButton.textContent = 'Stop and score';
  recordButton.setAttribute('aria-pressed', 'true');
  level.hidden = false;
  const taken = await recording.done;
  recording = undefined;
  level.hidden = true;
  recordButton.textContent = 'Record';
  recordButton.setAttribute('aria-pressed', 'false');
  await score({ samples: taken.samples, sampleRate: taken.sampleRate });
  if (taken.stoppedBy === 'limit') errorLine.textContent = `The recording reached the ${word ? '30' : '46'} s limit and was stopped there; what was said until then was scored.`;
});

/** Keeps the attempt on this device and shows this text's attempts, their trend and the change from the one before. */
async function recordAttempt(attempt: Attempt) {
  try {
    await saveAttempt(attempt);
    const attempts = await attemptsAt(attempt);
    $('trend').textContent = trend(attempts);
    $('attempts').replaceChildren(
      ...attempts.map((a) => {
        const li = document.createElement('li');
        li.textContent = `${new Date(a.at).toLocaleString()}: ${Math.round(a.score)}${a.fluency === undefined ? '' : `, fluency ${a.fluency}`}`;
        return li;
      }),
    );
    const pair = attempts.length >= 2 ? compare(attempts.at(-2)!, attempts.at(-1)!) : [];
    $('compare-heading').hidden = pair.length === 0;
    $('compare').replaceChildren(
      ...pair.map(({ word, before, after }) => {
        const li = document.createElement('li');
        const change = Math.round(after - before);
        li.textContent = `${word}: ${before} → ${after}${Number.isNaN(change) ? '' : change === 0 ? ' (same)' : ` (${change > 0 ? '+' : ''}${change})`}`;
        return li;
      }),
    );
  } catch (error) {
    // Private browsing can refuse IndexedDB: the score stands, only the history is missing.
    $('trend').textContent = `Attempts cannot be kept in this browser (${error instanceof Error ? error.message : String(error)}).`;
  }
}

/** Hands the learner a file made on the page (nothing is uploaded). */
function download(name: string, type: string, content: string) {
  const link = document.createElement('a');
  link.href = URL.createObjectURL(new Blob([content], { type }));
  link.download = name;
  link.click();
  setTimeout(() => URL.revokeObjectURL(link.href), 10_000);
}
$<HTMLButtonElement>('export-csv').addEventListener('click', async () => download('oralis-attempts.csv', 'text/csv', toCsv(await allAttempts())));
$<HTMLButtonElement>('export-json').addEventListener('click', async () => download('oralis-attempts.json', 'application/json', toJson(await allAttempts())));

/** The dialect as a BCP 47 tag for speechSynthesis: en-us → en-US. */
const speechLang = (tag: string) => tag.replace(/-(\w+)$/, (_, region: string) => `-${region.toUpperCase()}`);

/** The accent chosen on the page; a dialect's lexicon (and, for Spanish, its model) is fetched and cached the first time it is scored. */
const dialect = () => $<HTMLSelectElement>('dialect').value as 'en-us' | 'en-gb' | 'es-es' | 'es-mx' | 'fr-fr' | 'fr-ca';
/** Request params the demo sends with a passage: fluency always, intonation where the spec offers it (English). */
const demoParams = (options: number) => ({
  // The spec scores fluency on one script only: several lines (multiple choice) go without it.
  ...(options > 1 ? {} : { include_fluency: '1' as const }),
  ...(dialect().startsWith('en') ? { include_intonation: '1' as const } : {}),
  ...($<HTMLInputElement>('guess').checked ? { include_unknown_words: '1' as const } : {}),
  ...markupParam(),
});
const markupParam = () => ($<HTMLInputElement>('markup').checked ? { markup_language: 'arpa_mark' as const } : {});
/** The reading's options: one per non-empty line. */
const optionsOf = (reading: string) => reading.split('\n').map((line) => line.trim()).filter(Boolean);

/** An error envelope in plain words, keeping its code for anyone reporting it. */
function explain(error: ErrorEnvelope): string {
  const advice: Record<string, string> = {
    audio_decode_failed: 'That file is not a recording this page can read.',
    no_speech: 'The recording is silent: check that the microphone is on and not muted.',
    audio_too_short: 'The recording is too short to score.',
    audio_too_long: 'The recording is too long.',
    unknown_word: 'A word is not in the dictionary.',
    // The Spanish model is GPL and the French one non-commercial: a default (permissive) build leaves them out.
    model_unavailable: dialect().startsWith('es')
      ? 'This build does not include the Spanish model (GPL-3.0); build the page with ORALIS_MODELS=es npm run build:web to add it.'
      : dialect().startsWith('fr')
        ? 'This build does not include the French models (CC BY-NC-SA 4.0, non-commercial); build the page with ORALIS_MODELS=fr,fr-ca npm run build:web to add them.'
        : 'The models could not be loaded.',
  };
  return `${advice[error.short_message] ?? 'Could not score this.'} ${error.detail_message} (${error.short_message})`;
}

async function score(audio: Blob | { samples: Float32Array; sampleRate: number }) {
  errorLine.textContent = '';
  const reading = text.value.trim();
  if (!reading) return showError(mode() === 'word' ? 'Type the word to say first.' : 'Type the text to read first.');
  status.textContent = 'Scoring…';
  // One scoring at a time: the buttons come back when this one has answered.
  const buttons = [recordButton, $<HTMLButtonElement>('score')];
  buttons.forEach((b) => (b.disabled = true));
  const [result, drawn] = await Promise.all([
    mode() === 'word' ? scorer.scoreWord({ word: reading, dialect: dialect(), ...markupParam() }, audio) : scorer.scoreText({ text: reading, dialect: dialect(), ...demoParams(optionsOf(reading).length) }, audio),
    scorer.contour(audio),
  ]).finally(() => buttons.forEach((b) => (b.disabled = false)));
  if (result.status === 'error') {
    $('json').textContent = JSON.stringify(result, null, 2);
    // A previous result would read as this recording's.
    results.hidden = true;
    return showError(explain(result));
  }
  const words: ScoredWord[] = 'word_score' in result ? [result.word_score] : result.text_score.word_score_list;
  const issue = 'text_score' in result ? result.text_score.score_issue_list?.[0] : undefined;
  $('summary').textContent =
    'word_score' in result
      ? `“${result.word_score.word}”: ${Math.round(result.word_score.quality_score)} / 100 (${result.word_score.quality_class})`
      : `Pronunciation ${result.text_score.service_score.pronunciation} / 100 (${result.text_score.cefr_score.pronunciation}), fluency ${result.text_score.service_score.fluency ?? '–'}${issue ? `. ${issue.detail_message}` : ''}`;
  // Multiple choice: say which option was heard (the response carries the matched one).
  const options = optionsOf(reading);
  const matched = 'word_score' in result ? result.word_score.word : result.text_score.text;
  if (options.length > 1) $('summary').textContent = `You said option ${options.indexOf(matched.trim()) + 1} of ${options.length}, “${matched}”. ${$('summary').textContent}`;
  status.textContent = `Scored on ${scorer.backend}: ${$('summary').textContent}`;
  results.hidden = false;
  const plot = $<HTMLCanvasElement>('plot');
  if (drawn.status === 'success') {
    drawContour(plot, drawn.contour, words);
    plot.setAttribute('aria-label', describeContour(drawn.contour, words));
  }
  // The recording stays on the page for listening back (decoded by the browser for a file).
  const heard = await playable(audio);
  const playback = $('playback');
  playback.textContent = heard ? '' : 'This browser cannot play this file back.';
  $<HTMLButtonElement>('play-all').onclick = () => heard && (playback.textContent = play(heard));
  $<HTMLButtonElement>('hear-model').onclick = () => (playback.textContent = speak(reading, speechLang(dialect())));
  $('words').replaceChildren(...wordElements(words, heard ? (w, span) => (playback.textContent = play(heard, span, w.word)) : undefined));
  const metrics = 'text_score' in result ? result.text_score.fluency?.overall_metrics : undefined;
  $('fluency').textContent = metrics
    ? `Fluency: ${metrics.word_count} words in ${metrics.duration} s, ${metrics.speech_rate} syllables/s, ${metrics.all_pause_count} pauses, ${metrics.word_correct_per_minute} correct words/min`
    : '';
  // Keyboard and screen-reader users land on the result; Tab goes on to the listening buttons and the words.
  results.focus();
  // Last, so that everything above is on the page once the raw JSON is (scripts and tests wait for it).
  $('json').textContent = JSON.stringify(result, null, 2);
  await recordAttempt({
    at: new Date().toISOString(),
    mode: mode(),
    dialect: dialect(),
    text: reading,
    score: 'word_score' in result ? result.word_score.quality_score : result.text_score.service_score.pronunciation,
    ...('text_score' in result && result.text_score.service_score.fluency !== undefined ? { fluency: result.text_score.service_score.fluency } : {}),
    words: words.map((w) => ({ word: w.word, score: Math.round(w.quality_score) })),
  });
}
