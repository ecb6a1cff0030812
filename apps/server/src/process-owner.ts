import { hostname } from 'node:os';

/**
 * Who this process is to the others sharing the installation's database and files: "host pid". An
 * import's staging folder and a job's lease name their process so, and a process that finds one of its
 * own machine whose process is gone knows it was killed.
 */
export function thisProcess(): string {
  return `${hostname()} ${process.pid}`;
}

/** The host and process id of a "host pid"; undefined when `owner` is not one. */
export function hostAndPid(owner: string | null | undefined): { host: string; pid: number } | undefined {
  const match = /^(.*) (\d+)$/.exec(owner?.trim() ?? '');
  return match ? { host: match[1]!, pid: Number(match[2]) } : undefined;
}

/** Whether process `pid` of this machine is alive (EPERM: it is, but another user's). */
export function processIsAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Whether "host pid" names a process of this machine that is gone (a killed importer or runner). */
export function localProcessIsGone(owner: string): boolean {
  const found = hostAndPid(owner);
  return found !== undefined && found.host === hostname() && !processIsAlive(found.pid);
}
