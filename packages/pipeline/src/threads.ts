/**
 * Starting the pipeline's worker threads (extraction's page worker, the side thread) with Node's on-disk
 * cache of compiled modules: a worker compiles pdf.js (several MB of JavaScript) before its first page,
 * about 0.15 s of a core that the cache saves from the second worker on. The server's import processes
 * and the tests' server and command processes start with it too (about 0.45 s of the 1.4 s a process
 * takes to load the pipeline and the server).
 */
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';

/**
 * Books shorter than this are worked on in one thread: a worker's start-up (loading pdf.js there) would
 * not pay off.
 */
export const MIN_PAGES_FOR_WORKER = 24;

/** An operator's NODE_COMPILE_CACHE is kept; otherwise Node's own default folder. */
function compileCacheDir(): string {
  return process.env.NODE_COMPILE_CACHE ?? path.join(tmpdir(), 'node-compile-cache');
}

/** The environment for a worker or a child process: this one's, with the cache of compiled modules. */
export function withCompileCache(): NodeJS.ProcessEnv {
  return { ...process.env, NODE_COMPILE_CACHE: compileCacheDir() };
}

/** Every process and worker this one starts from now on uses the cache (the test runners' servers). */
export function compileCacheForChildren(): void {
  process.env.NODE_COMPILE_CACHE = compileCacheDir();
}

/** A worker thread running `module` with `workerData`; throws when the thread cannot be made. */
export function startWorker(module: URL, workerData: unknown): Worker {
  return new Worker(module, {
    workerData,
    env: withCompileCache(),
  });
}
