/** Spans on the 10 ms frame grid: `[first, last + 1)` frames. */
export type Span = [number, number];

/** From the first of `phones` to the end of the last: a word's or a syllable's span. */
export const spanOf = (phones: readonly { extent: Span }[]): Span => [phones[0]!.extent[0], phones.at(-1)!.extent[1]];
