import { describe, expect, it } from 'vitest';
import { PASS_THRESHOLD } from '../../src/scoring/quality.js';
import { CONCORDANCE, toScales } from '../../src/report/scales.js';

describe('the five scales', () => {
  it('hits every published CEFR lower bound at its service anchor', () => {
    for (const a of CONCORDANCE) {
      expect(toScales(a.service)).toEqual({ service: a.service, ielts: a.ielts, pte: a.pte, toeic: a.toeic, cefr: a.cefr });
    }
    expect(toScales(65)).toMatchObject({ cefr: 'B2', ielts: 5.5, pte: 59, toeic: 160 });
  });

  it('spans each scale end to end and never goes down as the service score rises', () => {
    expect(toScales(-5)).toEqual({ service: 0, ielts: 0, pte: 10, toeic: 0, cefr: 'A0' });
    expect(toScales(100)).toEqual({ service: 100, ielts: 9, pte: 90, toeic: 200, cefr: 'C2' });
    const order = ['A0', 'A1', 'A2', 'B1', 'B2', 'C1', 'C2'];
    for (let s = 1; s <= 100; s++) {
      const [a, b] = [toScales(s - 1), toScales(s)];
      expect(b.ielts).toBeGreaterThanOrEqual(a.ielts);
      expect(b.pte).toBeGreaterThanOrEqual(a.pte);
      expect(b.toeic).toBeGreaterThanOrEqual(a.toeic);
      expect(order.indexOf(b.cefr)).toBeGreaterThanOrEqual(order.indexOf(a.cefr));
      expect(Number.isInteger(b.ielts * 2)).toBe(true);
    }
  });

  it('puts the pass mark inside B2', () => {
    expect(toScales(PASS_THRESHOLD).cefr).toBe('B2');
  });
});
