/**
 * The HMM inventory of the Sphinx model: CI phones, word-position-dependent
 * triphones mapped to senone sequences (models/en-us/hmm.bin), and the
 * per-phone 3-state transition matrices.
 */
import type { Position } from '../chain-graph.js';

const POSITIONS: readonly Position[] = ['b', 'e', 'i', 's'];
const NO_TRIPHONE = 0xffff;

export interface TopologyManifest {
  ci_phones: string[];
  silence: string;
  emitting_states: number;
  n_senones: number;
  n_sseq: number;
  ci_sseq: number[];
  tmat_of_ci: number[];
}

export class Topology {
  readonly ciPhones: readonly string[];
  readonly silence: number;
  /** The filler phones (silence, noise) that may sit between words: the values of the model's noisedict, in its order. */
  readonly fillers: readonly string[];
  /** The CI phones that are speech, not fillers, in the model's order: the phones GOP lets compete. */
  readonly speech: readonly number[];
  private readonly index: Map<string, number>;
  private readonly table: Uint16Array;
  private readonly sseq: Uint16Array;
  private readonly ciSseq: readonly number[];
  private readonly tmatOf: readonly number[];
  /** PTM: every senone mixes the Gaussians of one codebook, its base phone's. */
  private readonly codebook: Int16Array;

  constructor(
    manifest: TopologyManifest,
    hmmBin: Uint8Array,
    /** Natural-log transition matrices [tmat][from state][to state], the last column being the exit; null = impossible. */
    private readonly logTransitions: (number | null)[][][],
    /** The model's noisedict: filler word → filler phone ("<sil>" → "SIL", "[NOISE]" → "+NSN+"). */
    noisedict: Readonly<Record<string, string>>,
  ) {
    this.ciPhones = manifest.ci_phones;
    this.fillers = [...new Set(Object.values(noisedict))];
    this.index = new Map(this.ciPhones.map((p, i) => [p, i]));
    this.silence = this.index.get(manifest.silence)!;
    this.speech = this.ciPhones.map((_, i) => i).filter((i) => !this.fillers.includes(this.ciPhones[i]!));
    const n = this.ciPhones.length;
    const words = new Uint16Array(hmmBin.buffer.slice(hmmBin.byteOffset, hmmBin.byteOffset + hmmBin.byteLength));
    const tableSize = n * n * n * POSITIONS.length;
    this.table = words.subarray(0, tableSize);
    this.sseq = words.subarray(tableSize, tableSize + manifest.n_sseq * 3);
    this.ciSseq = manifest.ci_sseq;
    this.tmatOf = manifest.tmat_of_ci;
    this.codebook = new Int16Array(manifest.n_senones).fill(-1);
    const perBase = n * n * POSITIONS.length;
    for (let i = 0; i < tableSize; i++) {
      if (this.table[i] !== NO_TRIPHONE) for (const s of this.senonesOf(this.table[i]!)) this.codebook[s] = Math.floor(i / perBase);
    }
    this.ciSseq.forEach((ssid, base) => this.senonesOf(ssid).forEach((s) => (this.codebook[s] = base)));
  }

  /** The codebook (base phone) whose Gaussians a senone mixes. */
  codebookOf(senone: number): number {
    return this.codebook[senone]!;
  }

  phoneId(phone: string): number {
    const id = this.index.get(phone);
    if (id === undefined) throw new Error(`phone ${phone} is not in the acoustic model`);
    return id;
  }

  /** A CI phone's place among the `speech` phones; -1 for a filler. */
  competitorOf(phone: number): number {
    return this.speech.indexOf(phone);
  }

  /** The three senones of a CI phone. */
  ciSenones(phone: number): [number, number, number] {
    return this.senonesOf(this.ciSseq[phone]!);
  }

  /**
   * Senones of a triphone, backing off as pocketsphinx does when the model
   * lacks it: other word positions first, then silence as context, then the
   * CI phone.
   */
  triphoneSenones(base: number, left: number, right: number, position: Position): [number, number, number] {
    const n = this.ciPhones.length;
    const lookup = (l: number, r: number, p: Position) => this.table[((base * n + l) * n + r) * 4 + POSITIONS.indexOf(p)]!;
    const tries: [number, number, Position][] = [
      [left, right, position],
      ...POSITIONS.filter((p) => p !== position).map((p) => [left, right, p] as [number, number, Position]),
      [this.silence, right, position],
      [left, this.silence, position],
      [this.silence, this.silence, position],
    ];
    for (const [l, r, p] of tries) {
      const ssid = lookup(l, r, p);
      if (ssid !== NO_TRIPHONE) return this.senonesOf(ssid);
    }
    return this.ciSenones(base);
  }

  /** Log transition matrix of a phone: rows are states 0..2, columns states 0..2 and exit. */
  transitions(phone: number): (number | null)[][] {
    return this.logTransitions[this.tmatOf[phone]!]!;
  }

  private senonesOf(ssid: number): [number, number, number] {
    return [this.sseq[ssid * 3]!, this.sseq[ssid * 3 + 1]!, this.sseq[ssid * 3 + 2]!];
  }
}
