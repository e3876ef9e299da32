import { describe, expect, it } from 'vitest';
import { chooseWarp, WARPS } from '../../../src/acoustic/sphinx/vtln.js';
import { buildGraph } from '../../../src/acoustic/sphinx/graph.js';
import { prepareAudio } from '../../../src/audio/prepare.js';
import { resample } from '../../../src/audio/resample.js';
import { cepstra, mfcc } from '../../../src/acoustic/sphinx/front-end.js';
import { powerSpectra } from '../../../src/features/frames.js';
import { wordsOf } from '../../../src/lexicon/lexicon.js';
import { enUsLexicon } from '../../helpers/lexicon.js';
import { fixture } from '../../helpers/paths.js';
import { loadSphinx } from '../../helpers/sphinx.js';

const lexicon = await enUsLexicon();

describe('vocal tract length normalisation', async () => {
  const model = await loadSphinx('en-us');
  const text = 'the north wind and the sun were disputing which was the stronger when a traveler came along wrapped in a warm cloak';
  const graph = buildGraph(model.topology, wordsOf(lexicon, text).map((w) => w.variants));
  const senones = Int32Array.from(new Set(graph.stateUnit));
  const { samples } = await prepareAudio(fixture('../../../examples/north-wind.ogg'), { maxSeconds: 46, endpoint: 'test' });
  const warpOf = (audio: Float32Array) => chooseWarp(model.senoneLoglik, model.filterbank, powerSpectra(audio), senones);

  it('leaves the front end unchanged at warp 1', () => {
    expect(cepstra(powerSpectra(samples), model.filterbank, 1)).toEqual(mfcc(samples, model.filterbank));
    expect(cepstra(powerSpectra(samples), model.filterbank, 1.2)).not.toEqual(mfcc(samples, model.filterbank));
  });

  it('picks a larger warp when every formant is 20 % higher, as in a child’s voice', async () => {
    // Declaring 16 kHz audio to be 19.2 kHz and resampling it back scales every frequency by 1.2.
    const raised = resample(samples, 19_200, 16_000);
    const adult = await warpOf(samples);
    const child = await warpOf(raised);
    expect(WARPS).toContain(adult);
    expect(child).toBeGreaterThanOrEqual(adult + 0.1);
  });
});
