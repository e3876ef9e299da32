/**
 * The pitch plot over the waveform: the audio's envelope in grey, its pitch in blue on a
 * log-frequency axis fitted to the speaker's range (Hz ticks on the left), and behind them
 * each word's span tinted in its colour band with the word written underneath (on a second
 * row where short words would collide). Everything is in 10 ms frames, the unit of the
 * response's extents.
 */
import type { AudioContour } from '../src/browser.js';
import { band, colour } from './bands.js';
import { wordSpan, type ScoredWord } from './words.js';

const LABEL_ROW = 16;
const LABEL_ROWS = 2;
const TICKS_HZ = [50, 75, 100, 150, 200, 300, 400, 600];

/** A log-frequency range around the voiced frames: a semitone is the same height for every voice. */
function pitchRange(pitchHz: Float32Array): [number, number] {
  const voiced = [...pitchHz].filter((hz) => hz > 0);
  if (voiced.length === 0) return [60, 400];
  const low = Math.min(...voiced) / 1.25;
  const high = Math.max(...voiced) * 1.25;
  // At least an octave, so a monotone does not look like a melody.
  return high / low >= 2 ? [low, high] : [Math.sqrt((low * high) / 2), Math.sqrt(low * high * 2)];
}

export function drawContour(canvas: HTMLCanvasElement, contour: AudioContour, words: readonly ScoredWord[]): void {
  const scale = window.devicePixelRatio || 1;
  const width = canvas.clientWidth || 720;
  const height = canvas.clientHeight || 200;
  canvas.width = Math.round(width * scale);
  canvas.height = Math.round(height * scale);
  const g = canvas.getContext('2d');
  if (!g) return;
  g.scale(scale, scale);
  g.clearRect(0, 0, width, height);
  const columns = contour.min.length;
  const plotHeight = height - LABEL_ROW * LABEL_ROWS;
  // Pitch frames and extents count 10 ms; the envelope has peaksPerFrame columns per frame.
  const x = (frame: number) => ((frame * contour.peaksPerFrame) / columns) * width;
  const [lowHz, highHz] = pitchRange(contour.pitchHz);
  const yHz = (hz: number) => plotHeight * (1 - Math.log(hz / lowHz) / Math.log(highHz / lowHz));

  g.font = '12px system-ui, sans-serif';
  g.textAlign = 'center';
  const rowEnds = new Array<number>(LABEL_ROWS).fill(-Infinity);
  for (const word of words) {
    const span = wordSpan(word);
    if (!span) continue;
    g.fillStyle = colour(`band-${band(word.quality_score)}`);
    g.globalAlpha = 0.12;
    g.fillRect(x(span[0]), 0, x(span[1]) - x(span[0]), plotHeight);
    g.globalAlpha = 1;
    const half = g.measureText(word.word).width / 2 + 2;
    const centre = Math.min(width - half, Math.max(half, (x(span[0]) + x(span[1])) / 2));
    const free = rowEnds.findIndex((end) => end <= centre - half);
    const row = free === -1 ? rowEnds.indexOf(Math.min(...rowEnds)) : free;
    rowEnds[row] = centre + half;
    g.fillText(word.word, centre, plotHeight + LABEL_ROW * (row + 1) - 4);
  }

  // Waveform: one vertical stroke per pixel column, from the lowest to the highest sample under it,
  // scaled so the loudest peak fills the plot whatever the recording level.
  const mid = plotHeight / 2;
  const gain = mid / Math.max(1e-6, ...contour.max, ...contour.min.map((m) => -m));
  g.strokeStyle = colour('plot-wave');
  g.beginPath();
  for (let px = 0; px < width; px++) {
    const from = Math.floor((px / width) * columns);
    const to = Math.max(from + 1, Math.floor(((px + 1) / width) * columns));
    let lo = 0;
    let hi = 0;
    for (let c = from; c < to && c < columns; c++) {
      lo = Math.min(lo, contour.min[c]!);
      hi = Math.max(hi, contour.max[c]!);
    }
    g.moveTo(px + 0.5, mid - hi * gain);
    g.lineTo(px + 0.5, mid - lo * gain);
  }
  g.stroke();

  g.fillStyle = colour('plot-label');
  g.textAlign = 'left';
  g.strokeStyle = colour('plot-grid');
  for (const hz of TICKS_HZ.filter((t) => t > lowHz && t < highHz)) {
    g.fillText(`${hz} Hz`, 2, yHz(hz) - 2);
    g.beginPath();
    g.moveTo(0, yHz(hz));
    g.lineTo(width, yHz(hz));
    g.stroke();
  }

  // Pitch: a line through consecutive voiced frames, broken wherever the voice stops.
  g.strokeStyle = colour('plot-pitch');
  g.lineWidth = 2;
  g.beginPath();
  contour.pitchHz.forEach((hz, f) => {
    const previous = f > 0 ? contour.pitchHz[f - 1]! : 0;
    if (hz <= 0) return;
    const y = yHz(hz);
    if (previous > 0) g.lineTo(x(f + 0.5), y);
    else g.moveTo(x(f + 0.5), y);
  });
  g.stroke();
  g.lineWidth = 1;
}

/** The plot in words, for the canvas's accessible name. */
export function describeContour(contour: AudioContour, words: readonly ScoredWord[]): string {
  const voiced = [...contour.pitchHz].filter((hz) => hz > 0);
  const pitch = voiced.length
    ? `pitch ${Math.round(Math.min(...voiced))} to ${Math.round(Math.max(...voiced))} Hz, ending at ${Math.round(voiced.at(-1)!)} Hz`
    : 'no voiced sound';
  return `Waveform of ${contour.seconds.toFixed(1)} s with ${pitch}; words ${words.map((w) => `${w.word} ${Math.round(w.quality_score)}`).join(', ')}.`;
}
