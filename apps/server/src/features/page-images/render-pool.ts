import { Piscina } from 'piscina';

/** One picture of a page: its width in pixels and format. */
export interface RenderOutput {
  width: number;
  format: 'webp' | 'png';
}

/** What the render thread is asked (render-worker.ts). */
export interface RenderTask {
  /** The book's PDF, by the version of its file: a thread that has it open draws from that. */
  key: string;
  /** Only when the thread answered `missing`. */
  pdf?: Uint8Array;
  page: number;
  outputs: RenderOutput[];
}

export type RenderAnswer =
  | { missing: true }
  /** `images` in the order of `outputs`; none for a page past the book's last. */
  | { missing?: undefined; pageCount: number; images: Uint8Array[] };

export interface PageRenderPool {
  /**
   * Page `page` of the PDF known as `key`, drawn once at the widest output and scaled down for the
   * others; undefined for a page the book does not have. `pdf` is read only when the thread does not have
   * the book open. Rejects with pdf.js's error for a PDF it cannot read.
   */
  render(
    key: string,
    pdf: () => Promise<Uint8Array>,
    page: number,
    outputs: RenderOutput[],
  ): Promise<Uint8Array[] | undefined>;
  /**
   * Starts the thread ahead of the first page asked (loading pdf.js there takes a core half a second),
   * `delayMs` from now unless closed by then: a server that lives a few seconds (a test's) never pays it.
   */
  warmAfter(delayMs: number): void;
  close(): Promise<void>;
}

/** A drawing thread is let go after this long without work, and its memory (about 100 MB) with it. */
const IDLE_MS = 15 * 60_000;

/**
 * Where pages are drawn: one thread beside the event loop (a server has two cores, and the other one
 * answers requests), started at the first page asked and stopped when idle; tasks wait their turn.
 */
export function createPageRenderPool(): PageRenderPool {
  const pool = new Piscina<RenderTask, RenderAnswer>({
    filename: new URL('./render-worker.ts', import.meta.url).href,
    minThreads: 0,
    maxThreads: 1,
    idleTimeout: IDLE_MS,
  });
  let warming: ReturnType<typeof setTimeout> | undefined;
  return {
    async render(key, pdf, page, outputs) {
      let answer = await pool.run({ key, page, outputs });
      if (answer.missing) {
        // A copy of its own, moved to the thread: the bytes given may be a cache's.
        const bytes = new Uint8Array(await pdf());
        answer = await pool.run({ key, page, outputs, pdf: bytes }, { transferList: [bytes.buffer] });
      }
      if (answer.missing) throw new Error(`the render thread did not open ${key}`);
      return answer.images.length === outputs.length ? answer.images : undefined;
    },
    warmAfter(delayMs) {
      clearTimeout(warming);
      warming = setTimeout(() => {
        pool.run(undefined as never, { name: 'warm' }).catch(() => undefined);
      }, delayMs).unref();
    },
    close() {
      clearTimeout(warming);
      return pool.close();
    },
  };
}
