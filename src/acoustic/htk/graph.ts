/**
 * The HTK model as a chain model (acoustic/chain-graph.ts): a phone in
 * context is the physical HMM the model's tiedlist names for "l-p+r", backing
 * off to "l-p", "p+r" and the monophone "p" where the model has no such
 * triphone; the context at the utterance's edges is silence. HTK's
 * transition matrices include the non-emitting entry and exit states, so
 * they give each phone its entry and exit arcs (silence may skip and loop
 * back). Fillers: silence, the short pause, and the model's noise fillers.
 */
import type { AlignmentGraph } from '../../align/graph.js';
import { buildChainGraph, type ChainModel, type PhoneHmm } from '../chain-graph.js';
import type { Pronunciation } from '../model.js';
import { basePhone } from '../../lexicon/phones.js';

/** models/<folder>/hmms.json (scripts/convert-htk-model.py). */
export interface HmmTable {
  hmms: { name: string; states: number[]; transitions: number }[];
  /** Natural-log transition matrices over all states (entry, emitting, exit); null where impossible. */
  transitions: (number | null)[][][];
  /** Logical name (triphone, biphone, monophone) → index into `hmms`. */
  logical: Record<string, number>;
}

export class HtkInventory {
  readonly phones: readonly string[];
  readonly silence: string;
  readonly fillers: readonly { name: string; noise: boolean }[];
  private readonly table: HmmTable;
  private readonly logical: Map<string, number>;

  /** The lexicon's phone names → the model's (SPPAS's "a~" is the lexicon's "an"); fillers keep the model's names. */
  private readonly hmmNames: Map<string, string>;

  constructor(table: HmmTable, manifest: { phones: string[]; hmm_names: Record<string, string>; silence: string; short_pause: string; fillers: string[] }) {
    this.table = table;
    this.logical = new Map(Object.entries(table.logical));
    this.hmmNames = new Map(Object.entries(manifest.hmm_names));
    this.phones = manifest.phones;
    this.silence = manifest.silence;
    this.fillers = [
      { name: manifest.silence, noise: false },
      { name: manifest.short_pause, noise: false },
      ...manifest.fillers.map((name) => ({ name, noise: true })),
    ];
  }

  /** The physical HMM for a phone between two others (lexicon names, or a filler's), backing off to fewer contexts. */
  hmmFor(phone: string, left: string, right: string): number {
    const [p, l, r] = [phone, left, right].map((x) => this.hmmNames.get(x) ?? x);
    for (const name of [`${l}-${p}+${r}`, `${l}-${p}`, `${p}+${r}`]) {
      const id = this.logical.get(name);
      if (id !== undefined) return id;
    }
    return this.monophone(phone);
  }

  monophone(phone: string): number {
    const id = this.logical.get(this.hmmNames.get(phone) ?? phone);
    if (id === undefined) throw new Error(`The acoustic model has no HMM for the phone "${phone}".`);
    return id;
  }

  monophoneStates(phone: string): readonly number[] {
    return this.table.hmms[this.monophone(phone)]!.states;
  }

  phoneHmm(id: number): PhoneHmm {
    const { states, transitions } = this.table.hmms[id]!;
    const t = this.table.transitions[transitions]!;
    const exit = states.length + 1;
    return {
      units: states,
      within: states.map((_, from) => states.map((_, to) => t[from + 1]![to + 1] ?? null)),
      entry: states.map((_, s) => t[0]![s + 1] ?? null),
      exit: states.map((_, s) => t[s + 1]![exit] ?? null),
    };
  }
}

export function buildHtkGraph(inventory: HtkInventory, words: readonly (readonly Pronunciation[])[]): AlignmentGraph {
  const model: ChainModel = {
    phone: (label, left, right) => {
      const phone = basePhone(label);
      const context = (p: string | null) => (p === null ? inventory.silence : basePhone(p));
      return { hmm: inventory.phoneHmm(inventory.hmmFor(phone, context(left), context(right))), competitor: inventory.phones.indexOf(phone) };
    },
    fillers: inventory.fillers.map(({ name, noise }) => ({ name, noise, hmm: inventory.phoneHmm(inventory.monophone(name)) })),
  };
  return buildChainGraph(model, words);
}
