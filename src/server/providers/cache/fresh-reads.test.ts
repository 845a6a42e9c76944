import { describe, expect, it } from 'vitest';
import { shareFreshReads } from './fresh-reads';

/** A read the test finishes by hand, remembering the value the store held when it began. */
function controlledStore() {
  const state = {
    value: 0,
    reads: [] as { key: string; sawValue: number; finish: () => void; fail: (error: Error) => void }[],
  };
  const read = (key: string) =>
    new Promise<number>((resolve, reject) => {
      const sawValue = state.value;
      state.reads.push({ key, sawValue, finish: () => resolve(sawValue), fail: reject });
    });
  return { state, read };
}

function readNumber(state: ReturnType<typeof controlledStore>['state'], index: number) {
  const read = state.reads[index];
  if (!read) throw new Error(`read ${index} has not started`);
  return read;
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('shareFreshReads', () => {
  it('answers callers who arrive while a read runs from one next read that starts after they called', async () => {
    const { state, read } = controlledStore();
    const shared = shareFreshReads(read);
    const first = shared('acme');
    await settle();
    expect(state.reads).toHaveLength(1);

    state.value = 1; // committed after the first read began, before the next callers call
    const waiting = [shared('acme'), shared('acme'), shared('acme')];
    await settle();
    expect(state.reads).toHaveLength(1);

    readNumber(state, 0).finish();
    expect(await first).toBe(0);
    await settle();
    expect(state.reads).toHaveLength(2);
    readNumber(state, 1).finish();
    expect(await Promise.all(waiting)).toEqual([1, 1, 1]);
  });

  it('starts a new read for a caller that arrives once the last read has settled', async () => {
    const { state, read } = controlledStore();
    const shared = shareFreshReads(read);
    const first = shared('acme');
    await settle();
    readNumber(state, 0).finish();
    await first;
    state.value = 2;
    const second = shared('acme');
    await settle();
    expect(state.reads).toHaveLength(2);
    readNumber(state, 1).finish();
    expect(await second).toBe(2);
  });

  it('keeps keys apart', async () => {
    const { state, read } = controlledStore();
    const shared = shareFreshReads(read);
    const acme = shared('acme');
    const globex = shared('globex');
    await settle();
    expect(state.reads.map((entry) => entry.key)).toEqual(['acme', 'globex']);
    for (const entry of state.reads) entry.finish();
    await Promise.all([acme, globex]);
  });

  it('gives a failed read to its own callers only; the next turn reads again', async () => {
    const { state, read } = controlledStore();
    const shared = shareFreshReads(read);
    const first = shared('acme');
    await settle();
    const waiting = shared('acme');
    readNumber(state, 0).fail(new Error('connection refused'));
    await expect(first).rejects.toThrow('connection refused');
    await settle();
    expect(state.reads).toHaveLength(2);
    state.value = 3;
    readNumber(state, 1).finish();
    // The second read began before value became 3: it reports what it saw.
    expect(await waiting).toBe(0);
    const later = shared('acme');
    await settle();
    readNumber(state, 2).finish();
    expect(await later).toBe(3);
  });

  it('a caller who arrives while the next read is already running waits for a third', async () => {
    const { state, read } = controlledStore();
    const shared = shareFreshReads(read);
    shared('acme');
    await settle();
    const second = shared('acme');
    readNumber(state, 0).finish();
    await settle();
    expect(state.reads).toHaveLength(2);
    state.value = 4;
    const third = shared('acme');
    readNumber(state, 1).finish();
    expect(await second).toBe(0);
    await settle();
    expect(state.reads).toHaveLength(3);
    readNumber(state, 2).finish();
    expect(await third).toBe(4);
  });
});
