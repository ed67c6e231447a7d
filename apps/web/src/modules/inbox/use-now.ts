import { useEffect, useState } from 'react';
import { useSubscription } from 'urql';
import { ServerClockSubscription } from './graphql.ts';

/** How far the server's clock is ahead of this browser's, measured when its time arrives. */
const offsetOf = (_previous: number | undefined, data: { clock: string }) => Date.parse(data.clock) - Date.now();

/**
 * The current time by the server's clock, renewed every `everyMs`, so "due in 3 days" moves on while a
 * screen stays open and agrees with the server's overdue (a browser clock that is off, or a server clock
 * moved on by a test, would otherwise show a passed deadline as still due). Call it once per screen.
 */
export const useServerNow = (everyMs = 60_000) => {
  const [{ data: offset }] = useSubscription({ query: ServerClockSubscription }, offsetOf);
  const [tick, setTick] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setTick(Date.now()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return new Date(tick + (offset ?? 0));
};
