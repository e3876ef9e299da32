// node score.js RECORDING.wav "the text read" — prints the v9 Score Text envelope.
import { readFile } from 'node:fs/promises';
import { createNodeEngine } from 'oralis';

const [audioPath, text = 'we call it bear'] = process.argv.slice(2);
if (!audioPath) {
  console.error('usage: node score.js RECORDING [TEXT]');
  process.exit(2);
}
const engine = createNodeEngine();
const envelope = await engine.scoreText({ text, dialect: 'en-us', include_fluency: '1' }, await readFile(audioPath));
console.log(JSON.stringify(envelope, null, 2));
