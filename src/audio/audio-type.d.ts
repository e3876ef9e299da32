/** audio-type ships no types: it sniffs a container from its first bytes and names it (wav, mp3, m4a, opus, oga, webm, …). */
declare module 'audio-type' {
  export default function audioType(bytes: Uint8Array): string | undefined;
}
