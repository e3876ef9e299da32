import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { jsonSchemas } from '../../src/contract/json-schema.js';
import { TEXT_PARAMS, WORD_PARAMS } from '../../src/contract/request.js';
import * as S from '../../src/contract/schema.js';
import { HAVE_SPEC, SPEC_PATH } from '../helpers/paths.js';

/** First-column names of the first table(s) after a line starting with `anchor`; vendor → service as the brief asks. */
function specFields(spec: string, anchor: string, tables = 1): string[] {
  const lines = spec.split('\n');
  let i = lines.findIndex((line) => line.startsWith(anchor));
  if (i === -1) throw new Error(`spec has no section "${anchor}"`);
  const names: string[] = [];
  for (let seen = 0; seen < tables; seen++) {
    while (!lines[i]!.startsWith('|')) i++;
    i += 2; // header and separator
    for (; lines[i]?.startsWith('|'); i++) {
      const cell = lines[i]!.split('|')[1]!.trim().replaceAll('`', '');
      names.push(...cell.split(',').map((n) => n.trim().replace(/^vendor_score$/, 'service_score')));
    }
  }
  return names.sort();
}

const keys = (schema: { shape: Record<string, z.ZodType> }) => Object.keys(schema.shape).sort();
const TRANSPORT = ['key', 'user_audio_file'];

describe.skipIf(!HAVE_SPEC)('wire types match the v9 spec tables', () => {
  const spec = HAVE_SPEC ? readFileSync(SPEC_PATH, 'utf8') : '';

  it.each([
    ['### Text score', S.TextScore],
    ['### Word score', S.WordScore],
    ['### Word entry', S.WordEntry],
    ['### Phone entry', S.PhoneEntry],
    ['### Syllable entry', S.SyllableEntry],
    ['### Fluency node', S.FluencyNode],
    ['Metrics in a segment or in overall_metrics', S.FluencyMetrics],
    ['### Score issue', S.ScoreIssue],
  ] as const)('%s', (anchor, schema) => {
    expect(keys(schema)).toEqual(specFields(spec, anchor));
  });

  it('envelope fields are those of a success or an error envelope', () => {
    const ours = new Set([...keys(S.TextSuccessEnvelope), ...keys(S.ErrorEnvelope)]);
    for (const field of specFields(spec, '### Response envelope')) expect(ours).toContain(field);
  });

  it('Score Text and Score Word take exactly the spec parameters', () => {
    const textSpec = specFields(spec, '### Score Text', 2).filter((n) => !TRANSPORT.includes(n));
    const wordSpec = specFields(spec, '### Score Word').filter((n) => !TRANSPORT.includes(n));
    expect([...TEXT_PARAMS].sort()).toEqual(textSpec);
    expect([...WORD_PARAMS].sort()).toEqual(wordSpec);
  });

  it('intonation values are the spec set', () => {
    expect([...S.PitchMovement.unwrap().options].sort()).toEqual(['FALL', 'FLAT', 'REDUCED', 'RISE']);
  });
});

describe('published JSON Schema', () => {
  it('docs/schema is regenerated from src/contract/schema.ts (npm run schema)', () => {
    for (const [name, schema] of Object.entries(jsonSchemas())) {
      const committed = JSON.parse(readFileSync(new URL(`../../docs/schema/${name}.json`, import.meta.url), 'utf8'));
      expect(committed, name).toEqual(schema);
    }
  });
});

describe('schemas reject drift in values', () => {
  const phone = { phone: 'ae', stress_level: 1, extent: [10, 20], quality_score: 88, sound_most_like: 'ae' };

  it('accepts a spec-shaped phone entry', () => {
    expect(S.PhoneEntry.safeParse(phone).success).toBe(true);
  });

  it.each([
    ['upper-case ARPABET', { ...phone, phone: 'AE1' }],
    ['a score above 100', { ...phone, quality_score: 101 }],
    ['a fractional extent', { ...phone, extent: [1.5, 3] }],
    ['an unknown field', { ...phone, confidence: 0.3 }],
    ['a missing field', { ...phone, sound_most_like: undefined }],
  ])('rejects %s', (_what, value) => {
    expect(S.PhoneEntry.safeParse(value).success).toBe(false);
  });

  it('IELTS moves in half steps and CEFR is a level string', () => {
    const scores = S.ScaleScoreFields;
    expect(scores.ielts_score.safeParse({ pronunciation: 6.5 }).success).toBe(true);
    expect(scores.ielts_score.safeParse({ pronunciation: 6.3 }).success).toBe(false);
    expect(scores.cefr_score.safeParse({ pronunciation: 'B2' }).success).toBe(true);
    expect(scores.cefr_score.safeParse({ pronunciation: 'B3' }).success).toBe(false);
  });
});
