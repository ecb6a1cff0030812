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

// One config for the dev server, the production build (served by apps/server from dist) and Vitest.
export default defineConfig({
  plugins: [
    react(),
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
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/test/setup.ts'],
    css: false,
  },
});
