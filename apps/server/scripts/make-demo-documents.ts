// Writes the demo catalog's datasheets as PDFs into demo-documents/ (run once; the output is
// committed, so a shop's start writes nothing). The server serves them at /documents/<name>.pdf.
// Usage (in apps/server): npx tsx scripts/make-demo-documents.ts
import fs from 'node:fs';
import path from 'node:path';
import { demoDocumentSheets } from '../src/db/seed/demo-datasheets.js';
import { writeDatasheet } from '../src/modules/documents/index.js';

const out = path.resolve(import.meta.dirname, '../demo-documents');
fs.mkdirSync(out, { recursive: true });
for (const { file, sheet } of demoDocumentSheets()) {
  const bytes = await writeDatasheet(sheet);
  fs.writeFileSync(path.join(out, file), bytes);
  console.log(`${file}: ${bytes.length} bytes`);
}
