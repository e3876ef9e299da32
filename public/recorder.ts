/**
 * Microphone recording for scoring. The browser's echo cancellation, noise
 * suppression and automatic gain are off: they change the voice from take to
 * take (the same word scored 61, 88, 62, 62 with them on). The raw samples are
 * captured by an AudioWorklet, so nothing is encoded and decoded again.
 *
 * The recording starts listening once the room has been quiet for 300 ms (or
 * after a second, in a noisy room), begins at the first sound louder than the
 * room, and stops by itself after `endSilenceSeconds` of quiet, at the
 * endpoint's audio limit, or when stop() is called. It is trimmed to the
 * speech with 250 ms either side, so silence before the word never reaches
 * the scorer; a recording in which no one spoke is returned whole, for the
 * engine to answer no_speech.
 */

export interface RecordingProgress {
  /** Loudness of the last 20 ms, dBFS (for a level meter). */
  dbfs: number;
  seconds: number;
  /** Seconds left before the audio limit stops the recording. */
  secondsLeft: number;
  state: 'waiting' | 'speaking';
}

export interface RecordingOptions {
  maxSeconds: number;
  endSilenceSeconds: number;
  onProgress?: (progress: RecordingProgress) => void;
}

export interface Recording {
  samples: Float32Array;
  sampleRate: number;
  stoppedBy: 'silence' | 'limit' | 'user';
}

export interface ActiveRecording {
  done: Promise<Recording>;
  stop(): void;
}

// Batches of 1024 samples posted to the page; the processor does nothing else.
const WORKLET = `registerProcessor('oralis-capture', class extends AudioWorkletProcessor {
  constructor() { super(); this.buffer = new Float32Array(1024); this.filled = 0; }
  process(inputs) {
    const channel = inputs[0] && inputs[0][0];
    if (channel) for (let i = 0; i < channel.length; i++) {
      this.buffer[this.filled++] = channel[i];
      if (this.filled === this.buffer.length) { this.port.postMessage(this.buffer); this.buffer = new Float32Array(1024); this.filled = 0; }
    }
    return true;
  }
});`;

const FRAME_SECONDS = 0.02;
const QUIET_TO_LISTEN = 0.3;
const LISTEN_ANYWAY = 1;
const MARGIN_SECONDS = 0.25;
/** A sound this much louder than the quietest frame so far is speech (and never below -50 dBFS). */
const ABOVE_ROOM_DB = 15;
const FLOOR_DBFS = -50;

/** Throws the browser's DOMException when there is no microphone or permission is refused. */
export async function startRecording(options: RecordingOptions): Promise<ActiveRecording> {
  const stream = await navigator.mediaDevices.getUserMedia({ audio: { echoCancellation: false, noiseSuppression: false, autoGainControl: false, channelCount: 1 } });
  const context = new AudioContext();
  const url = URL.createObjectURL(new Blob([WORKLET], { type: 'text/javascript' }));
  try {
    await context.audioWorklet.addModule(url);
  } finally {
    URL.revokeObjectURL(url);
  }
  const node = new AudioWorkletNode(context, 'oralis-capture', { numberOfOutputs: 0 });
  context.createMediaStreamSource(stream).connect(node);

  const rate = context.sampleRate;
  const frame = Math.round(FRAME_SECONDS * rate);
  const chunks: Float32Array[] = [];
  let total = 0;
  let pending = new Float32Array(0);
  let quietest = 0;
  let quietRun = 0;
  let listening = false;
  let onset: number | undefined;
  let lastSpeech = 0;
  let finish: (stoppedBy: Recording['stoppedBy']) => void = () => {};

  const done = new Promise<Recording>((resolve) => {
    finish = (stoppedBy) => {
      finish = () => {};
      node.port.onmessage = null;
      node.disconnect();
      stream.getTracks().forEach((t) => t.stop());
      void context.close();
      const all = new Float32Array(total);
      let at = 0;
      for (const chunk of chunks) {
        all.set(chunk, at);
        at += chunk.length;
      }
      const margin = Math.round(MARGIN_SECONDS * rate);
      const samples = onset === undefined ? all : all.slice(Math.max(0, onset - margin), Math.min(total, lastSpeech + margin));
      resolve({ samples, sampleRate: rate, stoppedBy });
    };
  });

  node.port.onmessage = (event: MessageEvent<Float32Array>) => {
    chunks.push(event.data);
    const joined = new Float32Array(pending.length + event.data.length);
    joined.set(pending);
    joined.set(event.data, pending.length);
    let at = 0;
    let dbfs = -Infinity;
    for (; at + frame <= joined.length; at += frame) {
      let energy = 0;
      for (let i = at; i < at + frame; i++) energy += joined[i]! * joined[i]!;
      dbfs = 10 * Math.log10(energy / frame + 1e-12);
      const end = total - pending.length + at + frame;
      quietest = Math.min(quietest, dbfs);
      const loud = dbfs > Math.max(FLOOR_DBFS, quietest + ABOVE_ROOM_DB);
      quietRun = loud ? 0 : quietRun + FRAME_SECONDS;
      if (!listening) listening = quietRun >= QUIET_TO_LISTEN || end >= LISTEN_ANYWAY * rate;
      else if (loud) {
        onset ??= end - frame;
        lastSpeech = end;
      }
    }
    pending = joined.slice(at);
    total += event.data.length;
    const seconds = total / rate;
    options.onProgress?.({ dbfs, seconds, secondsLeft: Math.max(0, options.maxSeconds - seconds), state: onset === undefined ? 'waiting' : 'speaking' });
    if (seconds >= options.maxSeconds) finish('limit');
    else if (onset !== undefined && (total - lastSpeech) / rate >= options.endSilenceSeconds) finish('silence');
  };

  return { done, stop: () => finish('user') };
}
