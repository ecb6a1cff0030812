// The untyped libraries' declarations must come along into the programs of packages that import this.
// eslint-disable-next-line @typescript-eslint/triple-slash-reference
/// <reference path="./vendor.d.ts" />
import { createRequire } from 'node:module';
import path from 'node:path';
import { getDocument, PDFWorker, type PDFDocumentLoadingTask } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { WorkerMessageHandler } from 'pdfjs-dist/legacy/build/pdf.worker.mjs';

const require = createRequire(import.meta.url);
const pdfjsRoot = path.dirname(require.resolve('pdfjs-dist/package.json'));

type LoadOptions = Omit<Parameters<typeof getDocument>[0] & object, 'data' | 'worker'> & {
  /**
   * Hand pdf.js's messages from its parsing side to its API side without cloning them (see SharingPort).
   * Only for reading text, outlines and metadata: rendering sends arrays it then reuses.
   */
  shareMessages?: boolean;
};

/**
 * Starts loading a PDF with pdf.js in Node (its "fake worker" runs in this thread). The standard 14 fonts,
 * CMaps and image decoders come from the pdfjs-dist package, so nothing is fetched from the network.
 * pdf.js takes ownership of (detaches) the buffer it is given, so it gets a copy.
 */
export function loadPdf(data: Uint8Array, options: LoadOptions = {}): PDFDocumentLoadingTask {
  const { shareMessages = false, ...pdfjsOptions } = options;
  const worker = shareMessages ? sharingWorker() : undefined;
  const task = getDocument({
    data: data.slice(),
    standardFontDataUrl: path.join(pdfjsRoot, 'standard_fonts') + path.sep,
    cMapUrl: path.join(pdfjsRoot, 'cmaps') + path.sep,
    cMapPacked: true,
    wasmUrl: path.join(pdfjsRoot, 'wasm') + path.sep,
    verbosity: 0,
    ...(worker ? { worker } : {}),
    ...pdfjsOptions,
  });
  if (worker) {
    // pdf.js destroys only the workers it made itself.
    const destroyTask = task.destroy.bind(task);
    task.destroy = () => destroyTask().finally(() => worker.destroy());
  }
  return task;
}

/** pdf.js's parsing side (its WorkerMessageHandler) in this thread, on a SharingPort. */
function sharingWorker(): PDFWorker {
  const port = new SharingPort();
  WorkerMessageHandler.initializeFromPort(port);
  return new PDFWorker({ port: port as unknown as WorkerPort });
}

/** What PDFWorker takes as a port (typed as a DOM Worker). */
type WorkerPort = NonNullable<NonNullable<ConstructorParameters<typeof PDFWorker>[0]>['port']>;

type Listener = (event: { data: unknown }) => void;

/**
 * The in-thread channel between pdf.js's two sides. pdf.js's own (LoopbackPort) structured-clones every
 * message as a real worker's channel would: for text extraction that is each page's text items twice over,
 * about a tenth of the time it takes to read a book. This one hands messages over as they are, after the
 * current task like LoopbackPort. The one message pdf.js changes after sending it is a streamed chunk of
 * text content (its `items` and `styles` are replaced by new ones for the next chunk), so a chunk is
 * passed as a copy of its top level.
 */
class SharingPort {
  #listeners = new Set<Listener>();
  #deferred = Promise.resolve();

  postMessage(data: unknown): void {
    const message = data as { chunk?: unknown };
    const event = {
      data:
        message.chunk && typeof message.chunk === 'object'
          ? { ...message, chunk: { ...message.chunk } }
          : data,
    };
    void this.#deferred.then(() => {
      for (const listener of this.#listeners) listener.call(this, event);
    });
  }

  addEventListener(_type: 'message', listener: Listener, options?: { signal?: AbortSignal }): void {
    if (options?.signal?.aborted) return;
    this.#listeners.add(listener);
    options?.signal?.addEventListener('abort', () => this.#listeners.delete(listener), { once: true });
  }

  removeEventListener(_type: 'message', listener: Listener): void {
    this.#listeners.delete(listener);
  }

  terminate(): void {
    this.#listeners.clear();
  }
}
