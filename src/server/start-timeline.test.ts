import { describe, expect, it } from 'vitest';
import { createStartTimeline } from './start-timeline';

describe('start-up timeline', () => {
  it('gives each phase the time since the previous mark, the first one since the process started', () => {
    const clock = [350, 900, 910, 1400];
    const timeline = createStartTimeline(() => clock.shift() ?? 0);
    timeline.mark('modules');
    timeline.mark('database');
    timeline.mark('providers');
    timeline.mark('listening');
    const summary = timeline.summary();
    expect(summary.phases).toEqual([
      { phase: 'modules', ms: 350 },
      { phase: 'database', ms: 550 },
      { phase: 'providers', ms: 10 },
      { phase: 'listening', ms: 490 },
    ]);
    expect(summary.totalMs).toBe(1400);
    expect(summary.line).toBe('ready in 1400 ms: modules 350, database 550, providers 10, listening 490');
  });
});
