/**
 * The import command's progress display: a cli-progress bar on stderr with pages done and the time left,
 * or, when stderr is not a terminal (logs, CI), one plain line about every 10%.
 */
import cliProgress from 'cli-progress';

export interface PagesProgress {
  /** Pass as `onProgress` to extractBook. */
  update: (pagesDone: number, pageCount: number) => void;
  /** Ends the display (leaves the final state on screen). */
  stop: () => void;
}

export interface ProgressOptions {
  label?: string;
  stream?: NodeJS.WriteStream;
  /** Clock in ms, for tests. */
  now?: () => number;
}

export function createPagesProgress(options: ProgressOptions = {}): PagesProgress {
  const label = options.label ?? 'Extracting';
  const stream = options.stream ?? process.stderr;
  const now = options.now ?? (() => Date.now());

  if (stream.isTTY) {
    const bar = new cliProgress.SingleBar(
      {
        format: `${label} [{bar}] {value}/{total} pages | {percentage}% | ETA {eta_formatted}`,
        stream,
        hideCursor: true,
        clearOnComplete: false,
        etaBuffer: 50,
      },
      cliProgress.Presets.shades_classic,
    );
    let started = false;
    return {
      update(done, total) {
        if (!started) {
          bar.start(total, 0);
          started = true;
        }
        bar.setTotal(total);
        bar.update(done);
      },
      stop() {
        if (started) bar.stop();
      },
    };
  }

  const start = now();
  let nextStep = 1;
  return {
    update(done, total) {
      if (total <= 0) return;
      const step = Math.floor((done / total) * 10);
      if (step < nextStep && done < total) return;
      nextStep = step + 1;
      const elapsed = (now() - start) / 1000;
      const left = done > 0 ? (elapsed / done) * (total - done) : 0;
      const pct = Math.round((done / total) * 100);
      stream.write(`${label}: ${done}/${total} pages (${pct}%), about ${formatSeconds(left)} left\n`);
      if (done >= total) nextStep = Infinity;
    },
    stop() {},
  };
}

export function formatSeconds(seconds: number): string {
  const s = Math.max(0, Math.round(seconds));
  if (s < 60) return `${s} s`;
  const m = Math.floor(s / 60);
  return `${m} min ${String(s % 60).padStart(2, '0')} s`;
}
