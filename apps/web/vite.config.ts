import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

/**
 * The stylesheet before the scripts in the built index.html. Vite writes it after the entry script
 * and its modulepreloads (19 of them), and a browser asks for them in that order over its six
 * connections to the shop: on slow 4G the one file that blocks the first paint waited behind the
 * scripts, which do not (a module script runs after the page is parsed).
 */
function stylesheetFirst(): Plugin {
  return {
    name: 'stylesheet-first',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html) {
        const sheets = html.match(/^\s*<link rel="stylesheet"[^>]*>\n?/gm) ?? [];
        const script = html.search(/^\s*<script type="module"/m);
        if (sheets.length === 0 || script < 0) return html;
        let rest = html;
        for (const sheet of sheets) rest = rest.replace(sheet, '');
        const at = rest.search(/^\s*<script type="module"/m);
        return `${rest.slice(0, at)}${sheets.map((sheet) => sheet.replace(/\n?$/, '\n')).join('')}${rest.slice(at)}`;
      },
    },
  };
}

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [react(), tailwindcss(), stylesheetFirst()],
  build: {
    target: 'es2022',
    assetsInlineLimit: 0,
    // The server keeps its rendering bundle's source text for as long as it runs, and V8 keeps a
    // text with one character past Latin-1 (a dash in a label or a doc comment) at two bytes a
    // character: escaped, and without doc comments, the bundle takes half (bench/RESULTS.md).
    // Browsers parse the app once, so its files stay as they are.
    ...(isSsrBuild
      ? { rolldownOptions: { output: { charset: 'ascii' as const, comments: { jsdoc: false } } } }
      : {}),
  },
  // The server build (`vite build --ssr src/entry-server.tsx`) carries React and the rest in its
  // own files: the server's image installs only the server's dependencies.
  ssr: { noExternal: true },
  server: {
    proxy: { '/api': 'http://localhost:3000' },
  },
}));
