import fs from 'node:fs';
import path from 'node:path';

/** The server package's folder, whether running from src/ (tests, dev) or the bundled dist/. */
function findServerRoot(): string {
  let dir = import.meta.dirname;
  for (;;) {
    const manifest = path.join(dir, 'package.json');
    if (fs.existsSync(manifest) && fs.readFileSync(manifest, 'utf8').includes('"@shop/server"')) {
      return dir;
    }
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error('Cannot find the @shop/server package folder');
    dir = parent;
  }
}

export const serverRoot = findServerRoot();
export const demoImagesDir = path.join(serverRoot, 'demo-images');
/** The demo catalog's datasheets (scripts/make-demo-documents.ts), served at /documents/<name>.pdf. */
export const demoDocumentsDir = path.join(serverRoot, 'demo-documents');
export const webDistDir = path.resolve(serverRoot, '../web/dist');
