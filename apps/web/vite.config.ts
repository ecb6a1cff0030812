import { createHash } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { rolldown } from 'rolldown';
import type { Plugin } from 'vite';
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { compression } from 'vite-plugin-compression2';
import { viteStaticCopy } from 'vite-plugin-static-copy';

/**
 * pdf.js's data files, served by the app itself (decision 2: nothing from a CDN): the CMaps of PDFs with
 * non-embedded CJK fonts, the standard 14 fonts of PDFs that do not embed them, and the WebAssembly
 * decoders of JPEG 2000 images. pdf.js asks for them by name only when a PDF needs them.
 */
const PDFJS_DATA = ['cmaps', 'standard_fonts', 'wasm'].map((folder) => ({
  src: `../../node_modules/pdfjs-dist/${folder}/*`,
  dest: `pdfjs/${folder}`,
  rename: { stripBase: true as const },
}));

/**
 * The reader's head script (src/reader-head.ts), built apart from the app as one small classic script and
 * put first in index.html's head, `async`: it runs as soon as it has come, before the app's script (a
 * hundred times its size) has, and shows the page a reader opens at (features/reader/opening-head.ts).
 * Built for the production build only; in the dev server the app does the same itself, first thing.
 */
function readerHeadScript(): Plugin {
  let fileName = '';
  return {
    name: 'threadbook:reader-head',
    apply: 'build',
    async buildStart() {
      const bundle = await rolldown({
        input: fileURLToPath(new URL('./src/reader-head.ts', import.meta.url)),
        platform: 'browser',
      });
      const { output } = await bundle.generate({ format: 'iife', minify: true });
      await bundle.close();
      const code = output[0].code;
      fileName = `assets/reader-head-${createHash('sha256').update(code).digest('hex').slice(0, 8)}.js`;
      this.emitFile({ type: 'asset', fileName, source: code });
    },
    transformIndexHtml: {
      order: 'post',
      handler: () => [
        { tag: 'script', attrs: { src: `/${fileName}`, async: true }, injectTo: 'head-prepend' },
      ],
    },
  };
}

// One config for the dev server, the production build (served by apps/server from dist) and Vitest.
export default defineConfig({
  plugins: [
    react(),
    readerHeadScript(),
    viteStaticCopy({ targets: PDFJS_DATA }),
    // Brotli (at its best quality) and gzip copies beside each script and style sheet, which the server
    // sends as they are: nothing to compress per request, on the path to the reader's first page.
    compression({ algorithms: ['brotliCompress', 'gzip'], threshold: 1024 }),
  ],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
  },
  server: {
    port: 5173,
    proxy: {
      '/api': { target: 'http://localhost:3000', changeOrigin: false },
    },
  },
  test: {
    name: 'web',
    environment: 'jsdom',
    // A worker's test files share one jsdom and one module graph: a jsdom and the app's modules made
    // afresh for each of 80 files took 95 s of the suite, 20 s so. So no test mocks a module (vi.mock
    // would reach only the files that import it first): they stub fetch (test/fake-api.ts) or spy on an
    // export; src/test/setup.ts empties what a test leaves in the document and the storages.
    isolate: false,
    // Fake clocks leave setInterval real: jsdom runs every animation frame off one interval, made when a
    // frame is first asked for; made on a test's fake clock, it never ran again once the clock was put
    // back, and no later test of the worker saw a frame.
    fakeTimers: {
      toFake: [
        'setTimeout',
        'clearTimeout',
        'setImmediate',
        'clearImmediate',
        'Date',
        'performance',
        'requestAnimationFrame',
        'cancelAnimationFrame',
        'requestIdleCallback',
        'cancelIdleCallback',
      ],
    },
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/test/setup.ts'],
    css: false,
  },
});
