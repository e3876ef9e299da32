/** Averages channels, so a one-sided stereo recording loses 6 dB rather than half its content. */
export function downmix(channels: readonly Float32Array[]): Float32Array {
  if (channels.length === 1) return channels[0]!;
  const length = Math.min(...channels.map((c) => c.length));
  const out = new Float32Array(length);
  for (const channel of channels) {
    for (let i = 0; i < length; i++) out[i]! += channel[i]!;
  }
  const scale = 1 / channels.length;
  for (let i = 0; i < length; i++) out[i]! *= scale;
  return out;
}
