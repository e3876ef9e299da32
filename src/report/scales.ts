/**
 * The service scale (0..100) on the other four scales the spec names, through
 * one concordance table: each CEFR level starts at a service score (ours) and
 * at the published lower bound of that level on each test; between two levels
 * the mapping is linear. Every level that carries scales uses this mapping.
 *
 * Published anchors (lower bound of each CEFR level):
 * - PTE Academic / Global Scale of English: A1 22, A2 30, B1 43, B2 59, C1 76,
 *   C2 85 (Pearson, "Understanding your PTE score", pearsonpte.com; below A1 from 10).
 * - IELTS: B1 4.0, B2 5.5, C1 7.0, C2 8.5 (IELTS partners, "IELTS and the CEFR",
 *   ielts.org). IELTS does not map below B1; A1 2.0 and A2 3.0 are our extrapolation.
 * - TOEIC Speaking (0..200): A1 50, A2 90, B1 120, B2 160, C1 180 (ETS, "Mapping
 *   table TOEIC Speaking and Writing scores and the CEFR levels", 2020). ETS maps
 *   nothing above C1; C2 is placed at 195.
 * The service anchors spread the levels over 0..100 so that `quality_class`
 * pass (70) falls inside B2.
 */
import type { CefrLevel } from '../contract/schema.js';

interface Anchor {
  cefr: CefrLevel;
  service: number;
  ielts: number;
  pte: number;
  toeic: number;
}

export const CONCORDANCE: readonly Anchor[] = [
  { cefr: 'A0', service: 0, ielts: 0, pte: 10, toeic: 0 },
  { cefr: 'A1', service: 20, ielts: 2, pte: 22, toeic: 50 },
  { cefr: 'A2', service: 35, ielts: 3, pte: 30, toeic: 90 },
  { cefr: 'B1', service: 50, ielts: 4, pte: 43, toeic: 120 },
  { cefr: 'B2', service: 65, ielts: 5.5, pte: 59, toeic: 160 },
  { cefr: 'C1', service: 80, ielts: 7, pte: 76, toeic: 180 },
  { cefr: 'C2', service: 90, ielts: 8.5, pte: 85, toeic: 195 },
];
const TOP = { service: 100, ielts: 9, pte: 90, toeic: 200 };

export interface Scales {
  service: number;
  ielts: number;
  pte: number;
  toeic: number;
  cefr: CefrLevel;
}

export function toScales(service: number): Scales {
  const s = Math.min(100, Math.max(0, service));
  let i = CONCORDANCE.length - 1;
  while (CONCORDANCE[i]!.service > s) i--;
  const from = CONCORDANCE[i]!;
  const to = CONCORDANCE[i + 1] ?? TOP;
  const at = (key: 'ielts' | 'pte' | 'toeic') => from[key] + ((to[key] - from[key]) * (s - from.service)) / (to.service - from.service);
  return {
    service: Math.round(s),
    ielts: Math.round(at('ielts') * 2) / 2,
    pte: Math.round(at('pte')),
    toeic: Math.round(at('toeic')),
    cefr: from.cefr,
  };
}

type ScaleKey = Exclude<keyof Scales, 'service'> | 'service';

/** The five spec score objects, each with `pronunciation` and, when given, `fluency` (both on the service scale). */
export function scaleScores(pronunciation: number, fluency?: number) {
  const p = toScales(pronunciation);
  const f = fluency === undefined ? undefined : toScales(fluency);
  const pick = <K extends ScaleKey>(key: K) => ({ pronunciation: p[key], ...(f ? { fluency: f[key] } : {}) });
  return {
    ielts_score: pick('ielts'),
    pte_score: pick('pte'),
    service_score: pick('service'),
    toeic_score: pick('toeic'),
    cefr_score: pick('cefr'),
  };
}
