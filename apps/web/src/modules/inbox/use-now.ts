import { useEffect, useState } from 'react';

/** The current time, renewed every `everyMs`, so "due in 3 days" moves on while a screen stays open. */
export const useNow = (everyMs = 60_000) => {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
};
