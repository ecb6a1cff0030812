/**
 * The machine's other core, for work an import can do beside what this thread does (while it builds the
 * graph, another finds the paragraphs' nearest in meaning, then draws the book's first pages). A task runs
 * in a worker thread of its own, one task at a time in the order asked: two at once would share a core
 * with this thread, which the import waits on. On one core, or when the worker cannot start or fails, the
 * task runs here instead, and a failure is the task's own error.
 * Workers are never terminated (see worker-stop.ts): a task is short, and ends by itself.
 */
import { availableParallelism } from 'node:os';
import { SIDE_TASKS, type SideTasks } from './side-tasks.ts';
import { startWorker } from './threads.ts';

type TaskName = keyof SideTasks;
type Input<N extends TaskName> = Parameters<SideTasks[N]>[0];
type Output<N extends TaskName> = Awaited<ReturnType<SideTasks[N]>>;

/** The end of the last task asked of the side thread. */
let lastTask: Promise<unknown> = Promise.resolve();

/**
 * Task `name` on the side thread when `worthAThread` (its work pays for a thread's start: a book of some
 * length), else here at once.
 */
export function onSideThread<N extends TaskName>(
  name: N,
  input: Input<N>,
  worthAThread: boolean,
): Promise<Output<N>> {
  const here = () => SIDE_TASKS[name](input as never) as Promise<Output<N>>;
  if (!worthAThread || availableParallelism() < 2) return here();
  const task = lastTask.then(() => inWorker(name, input)).then((answer) => (answer ? answer.output : here()));
  lastTask = task.catch(() => undefined);
  return task;
}

/** The task's output from a worker thread; undefined when the thread could not start or the task failed. */
function inWorker<N extends TaskName>(name: N, input: Input<N>): Promise<{ output: Output<N> } | undefined> {
  return new Promise((resolve) => {
    let answer: { output: Output<N> } | undefined;
    try {
      const worker = startWorker(new URL('./side-worker.ts', import.meta.url), { name, input });
      worker.once('message', (message: { output: Output<N> }) => (answer = message));
      worker.on('error', () => undefined);
      worker.once('exit', () => resolve(answer));
    } catch {
      resolve(undefined);
    }
  });
}
