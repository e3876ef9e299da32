/**
 * Listening back: the learner's own recording, whole or one word's extent, and a model
 * pronunciation from the browser's speech synthesis in the chosen dialect, where the device has
 * a voice for it (the page says so where it has none). Nothing is sent anywhere.
 */
const FRAME_SECONDS = 0.01;

let context: AudioContext | undefined;
let playing: AudioBufferSourceNode | undefined;

/** The recording as something the page can play: samples as they are, a file through the browser's decoder (undefined where it cannot decode it). */
export async function playable(audio: Blob | { samples: Float32Array; sampleRate: number }): Promise<AudioBuffer | undefined> {
  if (!(audio instanceof Blob)) {
    const buffer = new AudioBuffer({ length: Math.max(1, audio.samples.length), sampleRate: audio.sampleRate, numberOfChannels: 1 });
    buffer.copyToChannel(audio.samples as Float32Array<ArrayBuffer>, 0);
    return buffer;
  }
  try {
    return await new OfflineAudioContext(1, 1, 48_000).decodeAudioData(await audio.arrayBuffer());
  } catch {
    return undefined;
  }
}

/** Plays `span` (10 ms frames, the response's extents) of the recording, or all of it; says what is playing. */
export function play(buffer: AudioBuffer, span?: [number, number], label?: string): string {
  context ??= new AudioContext();
  playing?.stop();
  const source = context.createBufferSource();
  source.buffer = buffer;
  source.connect(context.destination);
  const from = span ? span[0] * FRAME_SECONDS : 0;
  const to = span ? Math.min(buffer.duration, span[1] * FRAME_SECONDS) : buffer.duration;
  source.start(0, from, Math.max(0, to - from));
  playing = source;
  return span ? `Playing “${label}”, ${from.toFixed(2)}–${to.toFixed(2)} s of your recording.` : `Playing your recording (${buffer.duration.toFixed(1)} s).`;
}

/** Says `text` with a voice of `lang` (e.g. en-US) if the device has one; returns what the page should tell the learner. */
export function speak(text: string, lang: string): string {
  const voices = typeof speechSynthesis === 'undefined' ? [] : speechSynthesis.getVoices();
  const voice = voices.find((v) => v.lang.toLowerCase() === lang.toLowerCase()) ?? voices.find((v) => v.lang.toLowerCase().startsWith(`${lang.split('-')[0]!.toLowerCase()}-`));
  if (!voice) return `This device has no ${lang} voice to say it; your system's speech settings can add one.`;
  const utterance = new SpeechSynthesisUtterance(text);
  utterance.voice = voice;
  utterance.lang = voice.lang;
  speechSynthesis.cancel();
  speechSynthesis.speak(utterance);
  return `Saying “${text}” with the ${voice.name} voice (${voice.lang}).`;
}
