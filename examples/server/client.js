// An app written against the cloud API, pointed at `oralis serve` instead (Node 20: fetch, FormData, Blob built in).
//   ORALIS_API_KEYS=class-7b npx oralis serve --port 8080
//   ORALIS_URL=http://127.0.0.1:8080 ORALIS_KEY=class-7b node client.js RECORDING [TEXT]
import { readFile } from 'node:fs/promises';

const [audioPath, text = 'we call it bear'] = process.argv.slice(2);
const base = process.env.ORALIS_URL ?? 'http://127.0.0.1:8080';
const query = new URLSearchParams({ key: process.env.ORALIS_KEY ?? '', dialect: 'en-us' });

const body = new FormData();
body.append('text', text);
body.append('include_fluency', '1');
body.append('user_audio_file', new Blob([await readFile(audioPath)]), 'recording.wav');

const response = await fetch(`${base}/api/scoring/text/v9/json?${query}`, { method: 'POST', body });
console.log(JSON.stringify(await response.json(), null, 2));
