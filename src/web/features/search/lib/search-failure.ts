/**
 * A failed search or answer request, kept in the state of the request it belongs to: the snack and
 * the error state show it until the next request of the same kind replaces it.
 */
export type SearchFailure = { message: string; id: number };

let failureCount = 0;

export function newSearchFailure(message: string): SearchFailure {
  failureCount += 1;
  return { message, id: failureCount };
}
