import path from 'node:path';
import type { Reporter, TestModule } from 'vitest/node';

type FileTime = { file: string; project: string; seconds: number };

/**
 * Prints, when the run ends, the slowest test files (per project: a file that runs on PGlite and on
 * PostgreSQL is listed once per engine) and each project's summed file time, so what makes `npm test`
 * long is visible in every run, CI's included. File time is collection plus tests, as Vitest reports it.
 */
export default class FileTimesReporter implements Reporter {
  private readonly times: FileTime[] = [];

  onTestModuleEnd(testModule: TestModule): void {
    const diagnostic = testModule.diagnostic();
    this.times.push({
      file: path.relative(process.cwd(), testModule.moduleId),
      project: testModule.project.name || 'default',
      seconds: (diagnostic.collectDuration + diagnostic.duration) / 1000,
    });
  }

  onTestRunEnd(): void {
    if (this.times.length === 0) return;
    const shown = Number(process.env.ATTEST_SLOWEST_FILES ?? 25);
    const lines = [
      `\nSlowest test files (${Math.min(shown, this.times.length)} of ${this.times.length}, seconds):`,
    ];
    for (const time of [...this.times].sort((a, b) => b.seconds - a.seconds).slice(0, shown)) {
      lines.push(`${time.seconds.toFixed(1).padStart(7)}  ${time.project.padEnd(8)}  ${time.file}`);
    }
    const totals = new Map<string, { seconds: number; files: number }>();
    for (const time of this.times) {
      const total = totals.get(time.project) ?? { seconds: 0, files: 0 };
      total.seconds += time.seconds;
      total.files += 1;
      totals.set(time.project, total);
    }
    const perProject = [...totals].map(
      ([project, total]) => `${project} ${Math.round(total.seconds)} s in ${total.files} files`,
    );
    lines.push(`Summed file time per project (files run two at a time): ${perProject.join('; ')}`);
    console.log(lines.join('\n'));
  }
}
