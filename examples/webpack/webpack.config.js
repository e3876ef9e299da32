// The app code is examples/vite's main.js and index.html; only the bundler differs. webpack 5 follows the
// scoring worker's `new URL('./scoring-worker.js', import.meta.url)` and onnxruntime-web's WASM by itself;
// `oralis assets` (the build script) puts the models in dist/oralis/, createScorer's default modelBaseUrl.

// The copyleft packages Oralis can use are optional peer dependencies: webpack is told to leave them out
// (remove one from the list, and install it, to opt in; README, "Licences").
const leftOut = ['@audio/decode-mp3', '@audio/decode-mp4', '@audio/decode-webm', '@audio/decode-flac', '@audio/decode-vorbis', 'phonemizer'];

export default {
  mode: 'production',
  entry: './main.js',
  output: { path: new URL('./dist', import.meta.url).pathname, clean: true },
  resolve: { alias: Object.fromEntries(leftOut.map((name) => [name, false])) },
};
