import { useEffect, useState } from 'react';

/** `value` once it has stopped changing for `ms` (typing in a field asks the server once, not per key). */
export function useDebouncedValue<T>(value: T, ms = 500): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}
