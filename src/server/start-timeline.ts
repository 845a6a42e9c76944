import { performance } from 'node:perf_hooks';

/**
 * Start-up phases in the order they run, each with its milliseconds. "modules" is the time from the
 * process's start to the first mark: loading and evaluating the server's code and its packages.
 */
export function createStartTimeline(now: () => number = () => performance.now()) {
  const phases: Array<{ phase: string; ms: number }> = [];
  let last = 0;
  return {
    mark(phase: string): void {
      const at = now();
      phases.push({ phase, ms: Math.round(at - last) });
      last = at;
    },
    /** One line for the log: `ready in 1840 ms: modules 610, database 420, …`. */
    summary(): { totalMs: number; phases: Array<{ phase: string; ms: number }>; line: string } {
      const totalMs = Math.round(last);
      const parts = phases.map(({ phase, ms }) => `${phase} ${ms}`).join(', ');
      return { totalMs, phases: [...phases], line: `ready in ${totalMs} ms: ${parts}` };
    },
  };
}
