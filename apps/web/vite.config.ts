import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

/**
 * The app's own code (src/app/start.tsx and what it imports) is loaded by the page's small first
 * script: index.html names its files as module preloads, so the browser fetches them beside that
 * script instead of after it has run. A page the server renders names them in a meta element
 * instead (the page's own markup is whole without them); its first script imports them once the
 * page has loaded, or at the visitor's first touch, to take the page over (src/main.tsx).
 */
function preloadAppStart(): Plugin {
  return {
    name: 'shop:preload-app-start',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, context) {
        const chunks = Object.values(context.bundle ?? {}).flatMap((file) =>
          file.type === 'chunk' ? [file] : [],
        );
        const start = chunks.find((chunk) => chunk.facadeModuleId?.endsWith('/src/app/start.tsx'));
        if (!start) throw new Error('The build has no chunk for src/app/start.tsx');
        const files = new Set<string>();
        const visit = (fileName: string) => {
          if (files.has(fileName)) return;
          files.add(fileName);
          for (const imported of chunks.find((chunk) => chunk.fileName === fileName)?.imports ?? [])
            visit(imported);
        };
        visit(start.fileName);
        const entry = chunks.find((chunk) => chunk.isEntry);
        for (const fileName of [entry?.fileName, ...(entry?.imports ?? [])])
          if (fileName) files.delete(fileName);
        return {
          html,
          tags: [...files].map((fileName) => ({
            tag: 'link',
            attrs: { rel: 'modulepreload', crossorigin: true, href: `/${fileName}` },
            injectTo: 'head' as const,
          })),
        };
      },
    },
  };
}

export default defineConfig({
  plugins: [react(), tailwindcss(), preloadAppStart()],
  build: {
    target: 'es2022',
    assetsInlineLimit: 0,
  },
  // The server build (`vite build --ssr src/entry-server.tsx`) carries React and the rest in its
  // own files: the server's image installs only the server's dependencies.
  ssr: { noExternal: true },
  server: {
    proxy: { '/api': 'http://localhost:3000' },
  },
});
