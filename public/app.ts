/**
 * The demo page: load the scorer, score a recording (microphone or file) against the text, then
 * show words in the spec's colour bands, with stress marks, intonation arrows and per-phone details.
 */
import { createScorer } from '../workers/scorer.js';

// The service worker keeps the app shell for offline use; the models cache themselves.
if ('serviceWorker' in navigator) void navigator.serviceWorker.register('./sw.js');

const $ = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;
const status = $<HTMLParagraphElement>('status');

const scorer = await createScorer({
  modelBaseUrl: './models/',
  backend: (new URLSearchParams(location.search).get('backend') as 'auto' | 'webgpu' | 'wasm' | null) ?? 'auto',
  onProgress: (p) => (status.textContent = `Loading ${p.file}${p.total ? ` ${Math.round((100 * p.loaded) / p.total)} %` : ''}`),
});
// For scripting the demo from the console or a test harness.
(window as unknown as { oralisScorer: typeof scorer }).oralisScorer = scorer;
status.textContent = `Ready (${scorer.backend})`;
$<HTMLButtonElement>('score').disabled = false;
$<HTMLButtonElement>('record').disabled = false;

$<HTMLButtonElement>('score').addEventListener('click', () => {
  const file = $<HTMLInputElement>('file').files?.[0];
  if (file) void score(file);
  else status.textContent = 'Choose a recording first.';
});

// Record: the first click starts the microphone, the second stops and scores.
let recorder: MediaRecorder | undefined;
$<HTMLButtonElement>('record').addEventListener('click', async () => {
  const button = $<HTMLButtonElement>('record');
  if (recorder) {
    recorder.stop();
    return;
  }
  let stream: MediaStream;
  try {
    stream = await navigator.mediaDevices.getUserMedia({ audio: true });
  } catch (error) {
    status.textContent = `No microphone: ${error instanceof Error ? error.message : String(error)}`;
    return;
  }
  const chunks: Blob[] = [];
  recorder = new MediaRecorder(stream);
  recorder.ondataavailable = (e) => chunks.push(e.data);
  recorder.onstop = () => {
    stream.getTracks().forEach((t) => t.stop());
    recorder = undefined;
    button.textContent = 'Record';
    void score(new Blob(chunks, { type: chunks[0]?.type ?? 'audio/webm' }));
  };
  recorder.start();
  button.textContent = 'Stop and score';
  status.textContent = 'Recording…';
});

/** Request params the demo always sends: intonation and fluency are shown when present. */
const DEMO_PARAMS = { dialect: 'en-us', include_intonation: '1', include_fluency: '1' } as const;

/** The spec's feedback colours: 80–100 green, 70–80 orange, below 70 red. */
const band = (q: number) => (q >= 80 ? 'green' : q >= 70 ? 'darkorange' : 'crimson');
const ARROWS: Record<string, string> = { RISE: '↗', FALL: '↘', FLAT: '→', REDUCED: '·' };

async function score(audio: Blob) {
  status.textContent = 'Scoring…';
  const result = await scorer.scoreText({ text: $<HTMLInputElement>('text').value, ...DEMO_PARAMS }, audio);
  $('json').textContent = JSON.stringify(result, null, 2);
  if (result.status === 'error') {
    status.textContent = `${result.short_message}: ${result.detail_message}`;
    return;
  }
  const ts = result.text_score;
  const issue = ts.score_issue_list?.[0];
  status.textContent = `Pronunciation ${ts.service_score.pronunciation} / 100 (${ts.cefr_score.pronunciation}), fluency ${ts.service_score.fluency ?? '–'}${issue ? ` — ${issue.detail_message}` : ''}`;
  $('words').replaceChildren(
    ...ts.word_score_list.map((w) => {
      // Each word is a disclosure: its syllables (stress mark where the audio put the stress, intonation arrow) and phones.
      const details = document.createElement('details');
      details.dataset.quality = w.quality_class;
      const summary = document.createElement('summary');
      summary.style.color = band(w.quality_score);
      summary.textContent = `${w.syllable_score_list.map((s) => `${s.predicted_stress_level === 1 && w.syllable_score_list.length > 1 ? 'ˈ' : ''}${s.letters}${s.intonation ? ARROWS[s.intonation[1] ?? ''] ?? '' : ''}`).join('·')} ${Math.round(w.quality_score)}`;
      const phones = document.createElement('ul');
      phones.replaceChildren(
        ...w.phone_score_list.map((p) => {
          const li = document.createElement('li');
          li.style.color = band(p.quality_score);
          li.textContent = `/${p.phone}/ ${Math.round(p.quality_score)}${p.sound_most_like !== p.phone ? `, sounded like /${p.sound_most_like}/` : ''}`;
          return li;
        }),
      );
      details.append(summary, phones);
      return details;
    }),
  );
  const metrics = ts.fluency?.overall_metrics;
  $('fluency').textContent = metrics
    ? `${metrics.word_count} words in ${metrics.duration} s, ${metrics.speech_rate} syllables/s, ${metrics.all_pause_count} pauses, ${metrics.word_correct_per_minute} correct words/min`
    : '';
}
