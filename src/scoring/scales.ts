/**
 * The service scale (0..100) on the other four scales the spec names. These
 * are provisional linear maps until issue #4 adds the concordance table.
 */
import type { CefrLevel } from '../api/schema.js';

const CEFR: readonly [number, CefrLevel][] = [[90, 'C2'], [80, 'C1'], [65, 'B2'], [50, 'B1'], [35, 'A2'], [20, 'A1'], [0, 'A0']];

export interface Scales {
  service: number;
  ielts: number;
  pte: number;
  toeic: number;
  cefr: CefrLevel;
}

export function toScales(service: number): Scales {
  const s = Math.min(100, Math.max(0, service));
  return {
    service: Math.round(s),
    ielts: Math.round((s / 100) * 9 * 2) / 2,
    pte: Math.round(10 + 0.8 * s),
    toeic: Math.round(2 * s),
    cefr: CEFR.find(([floor]) => s >= floor)![1],
  };
}
