import { useEffect, useState } from 'react';

/** The value once it has stopped changing for delayMs (spec 3 §9 default debounce 600 ms). */
export function useDebouncedValue<Value>(value: Value, delayMs: number): Value {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return settled;
}
