import { describe, expect, it } from 'vitest';
import { OralisError } from '../../src/contract/errors.js';
import { parseTextRequest, parseWordRequest, type RawParams } from '../../src/contract/request.js';
import { SUPPORTED_DIALECTS as SUPPORTED } from '../../src/engine/dialects.js';

function code(parse: () => unknown): string {
  try {
    parse();
    return 'ok';
  } catch (error) {
    return error instanceof OralisError ? error.code : `threw ${String(error)}`;
  }
}

describe('Score Text parameters', () => {
  const base = { text: 'we call it bear', dialect: 'en-us' };

  it('turns flag strings into booleans with defaults off', () => {
    const request = parseTextRequest({ ...base, include_fluency: '1', no_mc: '0', user_id: 'u1', key: 'ignored' }, SUPPORTED);
    expect(request).toMatchObject({ text: base.text, dialect: 'en-us', include_fluency: true, no_mc: false, user_id: 'u1' });
    expect(request.include_intonation).toBe(false);
    expect(request).not.toHaveProperty('key');
  });

  it('enforce_dialect=1 switches detect_dialect on, as the spec says', () => {
    expect(parseTextRequest({ ...base, enforce_dialect: '1' }, SUPPORTED).detect_dialect).toBe(true);
  });

  it.each<[string, RawParams]>([
    ['missing_parameter', { dialect: 'en-us' }],
    ['missing_parameter', { text: 'hi' }],
    ['invalid_parameter', { ...base, text: '   ' }],
    ['invalid_parameter', { ...base, include_fluency: 'yes' }],
    ['invalid_parameter', { ...base, include_fluency: 1 }],
    ['invalid_parameter', { ...base, dialect: 'en-au' }],
    ['invalid_parameter', { ...base, markup_language: 'ipa' }],
    ['invalid_parameter', { ...base, word: 'bear' }],
    ['invalid_parameter', { ...base, include_fluncy: '1' }],
    ['invalid_parameter', { ...base, dialect: 'es-mx', include_intonation: '1' }],
    ['invalid_parameter', { ...base, dialect: 'es-es', include_interference_metrics: '1' }],
    ['invalid_parameter', { ...base, dialect: 'es-es', markup_language: 'arpa_mark' }],
    ['text_too_long', { ...base, text: 'word '.repeat(401) }],
  ])('%s for %j', (expected, params) => {
    expect(code(() => parseTextRequest(params, SUPPORTED))).toBe(expected);
  });

  it('refuses a dialect the spec names but the build has no models for with unsupported_dialect', () => {
    expect(code(() => parseTextRequest({ ...base, dialect: 'fr-ca' }, ['en-us']))).toBe('unsupported_dialect');
  });

  it('rejects a non-object parameter bag instead of throwing a TypeError', () => {
    expect(code(() => parseTextRequest(null as never, SUPPORTED))).toBe('invalid_parameter');
    expect(code(() => parseTextRequest(['text'] as never, SUPPORTED))).toBe('invalid_parameter');
  });
});

describe('Score Word parameters', () => {
  it('defaults dialect to en-us', () => {
    expect(parseWordRequest({ word: 'bear' }, SUPPORTED).dialect).toBe('en-us');
  });

  it('allows 300 characters and refuses 301', () => {
    expect(code(() => parseWordRequest({ word: 'a'.repeat(300) }, SUPPORTED))).toBe('ok');
    expect(code(() => parseWordRequest({ word: 'a'.repeat(301) }, SUPPORTED))).toBe('word_too_long');
  });

  it('takes Spanish words and letters, but markup, interference and multiple choice are English only, as the spec says', () => {
    expect(parseWordRequest({ word: 'jota', dialect: 'es-mx' }, SUPPORTED).dialect).toBe('es-mx');
    expect(code(() => parseWordRequest({ word: 'ñ\n', dialect: 'es-es' }, SUPPORTED))).toBe('ok');
    expect(code(() => parseWordRequest({ word: 'pero\nperro', dialect: 'es-es' }, SUPPORTED))).toBe('invalid_parameter');
    expect(code(() => parseWordRequest({ word: 'pero', dialect: 'es-es', markup_language: 'arpa_mark' }, SUPPORTED))).toBe('invalid_parameter');
    expect(code(() => parseWordRequest({ word: 'pero', dialect: 'es-mx', include_interference_metrics: '1' }, SUPPORTED))).toBe('invalid_parameter');
    expect(code(() => parseWordRequest({ word: 'pear\nbear', dialect: 'en-gb' }, SUPPORTED))).toBe('ok');
  });

  it('does not take Score Text switches', () => {
    expect(code(() => parseWordRequest({ word: 'bear', include_fluency: '1' }, SUPPORTED))).toBe('invalid_parameter');
  });
});
