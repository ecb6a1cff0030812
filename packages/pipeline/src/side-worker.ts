/** The side thread's worker (side-thread.ts): runs one task and posts its output. */
import { parentPort, workerData } from 'node:worker_threads';
import { SIDE_TASKS, type SideTasks } from './side-tasks.ts';

const { name, input } = workerData as { name: keyof SideTasks; input: never };
try {
  parentPort?.postMessage({ output: await SIDE_TASKS[name](input) });
} catch {
  // The thread that asked runs the task itself, and meets the error as its own.
}
