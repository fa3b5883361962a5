import { useEffect, useState } from 'react';

/** False, then true after `delayMs` (entrance animations start after 100 ms). */
export function useDelayedFlag(delayMs: number): boolean {
  const [on, setOn] = useState(false);
  useEffect(() => {
    const t = setTimeout(() => setOn(true), delayMs);
    return () => clearTimeout(t);
  }, [delayMs]);
  return on;
}
