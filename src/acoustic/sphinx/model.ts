/**
 * The Sphinx family (manifest kind "sphinx-ptm"): CMU Sphinx phonetically
 * tied mixture models converted by scripts/convert-sphinx-model.py. Encoding
 * keeps the power spectra of the analysis window; scoring chooses the
 * speaker warp (VTLN), computes the model's MFCC features under it and the
 * log-likelihoods of the graph's senones and of every speech phone's CI
 * senones (GOP's competitors).
 */
import { OralisError } from '../../contract/errors.js';
import type { AlignmentGraph } from '../../align/graph.js';
import type { AnalysisWindow } from '../../features/endpoints.js';
import { powerSpectra, SPECTRUM_BINS } from '../../features/frames.js';
import { createSession, type Backend } from '../../runtime/backend.js';
import type { ModelSource } from '../../runtime/model-source.js';
import { readVerifiedFiles } from '../../runtime/verified-files.js';
import { scoreColumns, type AcousticModel, type AcousticScores } from '../model.js';
import { featureDim, toModelFeatures } from './dynamic.js';
import { cepstra, filterbankOf, type Filterbank, type FrontEndManifest } from './front-end.js';
import { buildGraph } from './graph.js';
import { senoneScorer, type SenoneScorer } from './senones.js';
import { Topology, type TopologyManifest } from './topology.js';
import { chooseWarp } from './vtln.js';

export const SPHINX_KIND = 'sphinx-ptm';

interface SphinxManifest {
  kind: typeof SPHINX_KIND;
  files: Record<string, string>;
  topology: TopologyManifest;
  log_transitions: (number | null)[][][];
  noisedict: Record<string, string>;
  features: FrontEndManifest;
}

/** The analysis window's power spectra, and where its speech lies (batch CMN averages over those frames only). */
export interface SphinxEncoded {
  spectra: Float32Array;
  speech: readonly [number, number];
}

export interface SphinxModel extends AcousticModel<SphinxEncoded> {
  topology: Topology;
  filterbank: Filterbank;
  senoneLoglik: SenoneScorer;
}

/** Checks every file of `<folder>/` against the manifest's sha256 and opens the ONNX session. */
export async function loadSphinxModel(source: ModelSource, folder: string, raw: unknown, backend: Backend): Promise<SphinxModel> {
  const manifest = raw as SphinxManifest;
  if (manifest.kind !== SPHINX_KIND) throw new OralisError('model_unavailable', `The model in ${folder}/ is not a ${SPHINX_KIND} model.`);
  const files = await readVerifiedFiles(source, folder, manifest.files);
  const filterbank = filterbankOf(manifest.features);
  const topology = new Topology(manifest.topology, files['hmm.bin']!, manifest.log_transitions, manifest.noisedict);
  const { session, ...chosen } = await createSession(files['acoustic.onnx']!, backend);
  const senoneLoglik = senoneScorer(session, topology, featureDim(filterbank.cepstra));
  return {
    kind: SPHINX_KIND,
    backend: chosen,
    phones: topology.speech.map((p) => topology.ciPhones[p]!),
    topology,
    filterbank,
    senoneLoglik,
    encode: (samples, window) => encodeWindow(samples, window),
    graph: (words) => buildGraph(topology, words),
    score: (encoded, graph) => scoreGraph(topology, filterbank, senoneLoglik, encoded, graph),
  };
}

/** The window's rows of the recording's spectra; rows outside the recording stay zero (digital silence). */
function encodeWindow(samples: Float32Array, window: AnalysisWindow): SphinxEncoded {
  const all = powerSpectra(samples);
  const spectra = new Float32Array(window.length * SPECTRUM_BINS);
  const from = Math.max(0, window.first);
  const to = Math.min(window.frames, window.first + window.length);
  spectra.set(all.subarray(from * SPECTRUM_BINS, to * SPECTRUM_BINS), (from - window.first) * SPECTRUM_BINS);
  return { spectra, speech: window.speech };
}

async function scoreGraph(topology: Topology, bank: Filterbank, senoneLoglik: SenoneScorer, encoded: SphinxEncoded, graph: AlignmentGraph): Promise<AcousticScores> {
  // One loglik column per distinct senone: the graph's states plus the CI senones of every competitor.
  const { stateColumns, competitors, graphUnits: graphSenones, units: senones } = scoreColumns(
    graph,
    topology.speech.map((p) => topology.ciSenones(p)),
  );
  const warp = await chooseWarp(senoneLoglik, bank, encoded.spectra, graphSenones, encoded.speech);
  const features = toModelFeatures(cepstra(encoded.spectra, bank, warp), bank.cepstra, encoded.speech);
  return { loglik: await senoneLoglik(features, senones), columns: senones.length, stateColumns, competitors, warp };
}
