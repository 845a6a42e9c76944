/**
 * Shares one read among callers of the same key without ever answering a caller from a read that began
 * before it called: a caller arriving while a read runs waits for the next one, which starts when the
 * running one settles and answers everyone who arrived meanwhile. So whatever committed before a call
 * is in its answer (decision 310), and under load there is one database round trip per turn, not per call.
 */
export function shareFreshReads<T>(read: (key: string) => Promise<T>): (key: string) => Promise<T> {
  type Turn = { running: Promise<T>; next?: Promise<T> };
  const turns = new Map<string, Turn>();

  function start(key: string, turn?: Turn): Promise<T> {
    const running = Promise.resolve()
      .then(() => read(key))
      .finally(() => {
        const current = turns.get(key);
        if (current?.running === running && !current.next) turns.delete(key);
      });
    if (turn) {
      turn.running = running;
      turn.next = undefined;
    } else turns.set(key, { running });
    return running;
  }

  return (key) => {
    const turn = turns.get(key);
    if (!turn) return start(key);
    if (!turn.next) {
      const settled = turn.running.then(
        () => undefined,
        () => undefined,
      );
      turn.next = settled.then(() => start(key, turn));
    }
    return turn.next;
  };
}
