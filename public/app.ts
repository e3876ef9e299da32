/** The demo page: load the scorer, score an uploaded recording against the text, colour the words. */
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

async function score(audio: Blob) {
  status.textContent = 'Scoring…';
  const result = await scorer.scoreText({ text: $<HTMLInputElement>('text').value, dialect: 'en-us' }, audio);
  $('json').textContent = JSON.stringify(result, null, 2);
  if (result.status === 'error') {
    status.textContent = `${result.short_message}: ${result.detail_message}`;
    return;
  }
  status.textContent = `Pronunciation ${result.text_score.service_score.pronunciation} / 100`;
  $('words').replaceChildren(
    ...result.text_score.word_score_list.map((w) => {
      const span = document.createElement('span');
      span.textContent = `${w.word} `;
      span.dataset.quality = w.quality_class;
      span.style.color = w.quality_class === 'pass' ? 'green' : 'crimson';
      return span;
    }),
  );
}
