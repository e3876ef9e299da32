import { createScorer } from 'oralis/browser';

const $ = (id) => document.getElementById(id);

// Runs the engine in a Web Worker; the models come from ./oralis/ (put there by the oralis/vite plugin).
const scorer = await createScorer({ onProgress: (p) => ($('status').textContent = `Loading ${p.file}…`) });
$('status').textContent = `Ready (${scorer.backend})`;
$('score').disabled = false;

$('score').addEventListener('click', async () => {
  const file = $('audio').files[0];
  if (!file) return;
  $('status').textContent = 'Scoring…';
  const envelope = await scorer.scoreText({ text: $('text').value, dialect: 'en-us', include_fluency: '1' }, file);
  $('status').textContent = envelope.status === 'success' ? `Pronunciation ${envelope.text_score.service_score.pronunciation}` : envelope.short_message;
  $('result').textContent = JSON.stringify(envelope, null, 2);
});
