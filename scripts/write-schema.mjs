// Writes the wire schemas as JSON Schema (draft 2020-12) to docs/schema/, from the built dist/.
// test/contract/schema.test.ts fails when these files and src/contract/schema.ts drift apart.
import { writeFileSync } from 'node:fs';
import { jsonSchemas } from '../dist/contract/json-schema.js';

for (const [name, schema] of Object.entries(jsonSchemas())) {
  const path = new URL(`../docs/schema/${name}.json`, import.meta.url);
  writeFileSync(path, `${JSON.stringify(schema, null, 2)}\n`);
  console.log(`wrote docs/schema/${name}.json`);
}
