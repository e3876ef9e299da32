/**
 * Viterbi over the alignment graph: the single best state path through all
 * frames, given per-frame senone log-likelihoods.
 */
import { OralisError } from '../contract/errors.js';
import type { AlignmentGraph } from './graph.js';

export interface Segment {
  /** Index into graph.phones. */
  phone: number;
  /** First frame and one past the last, in 10 ms frames. */
  start: number;
  end: number;
  /** Sum of the path's senone log-likelihoods over the segment. */
  loglik: number;
}

/**
 * @param loglik row-major [frames × columns] senone log-likelihoods
 * @param column for each graph state, its column in `loglik`
 */
export function viterbi(graph: AlignmentGraph, loglik: Float32Array, columns: number, column: Int32Array): Segment[] {
  const states = graph.stateUnit.length;
  const frames = loglik.length / columns;
  const back = new Int32Array(frames * states);
  let prev = new Float64Array(states).fill(-Infinity);
  let next = new Float64Array(states);
  for (let t = 0; t < frames; t++) {
    const row = t * columns;
    for (let s = 0; s < states; s++) {
      let best = t > 0 ? prev[s]! + graph.selfLoop[s]! : -Infinity;
      let from = s;
      for (let a = graph.predStart[s]!; a < graph.predStart[s + 1]!; a++) {
        const p = graph.predFrom[a]!;
        const score = p < 0 ? (t === 0 ? graph.predLogp[a]! : -Infinity) : t > 0 ? prev[p]! + graph.predLogp[a]! : -Infinity;
        if (score > best) {
          best = score;
          from = p;
        }
      }
      next[s] = best + loglik[row + column[s]!]!;
      back[t * states + s] = from;
    }
    [prev, next] = [next, prev];
  }

  let end = -1;
  let bestFinal = -Infinity;
  for (const f of graph.finals) {
    const score = prev[f.state]! + f.logp;
    if (score > bestFinal) {
      bestFinal = score;
      end = f.state;
    }
  }
  if (end < 0 || !Number.isFinite(bestFinal)) {
    throw new OralisError('audio_too_short', `The audio (${frames} frames) is too short to hold the expected text.`);
  }

  const path = new Int32Array(frames);
  for (let t = frames - 1, s = end; t >= 0; t--) {
    path[t] = s;
    s = back[t * states + s]!;
  }
  const segments: Segment[] = [];
  for (let t = 0; t < frames; t++) {
    const phone = graph.statePhone[path[t]!]!;
    const emit = loglik[t * columns + column[path[t]!]!]!;
    const last = segments.at(-1);
    if (last && last.phone === phone) {
      last.end = t + 1;
      last.loglik += emit;
    } else segments.push({ phone, start: t, end: t + 1, loglik: emit });
  }
  return segments;
}
