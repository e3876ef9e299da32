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
status.textContent = `Ready (${scorer.backend})`;
$<HTMLButtonElement>('score').disabled = false;

$<HTMLButtonElement>('score').addEventListener('click', async () => {
  const file = $<HTMLInputElement>('file').files?.[0];
  if (!file) {
    status.textContent = 'Choose a recording first.';
    return;
  }
  status.textContent = 'Scoring…';
  const result = await scorer.scoreText({ text: $<HTMLInputElement>('text').value, dialect: 'en-us' }, file);
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
});
