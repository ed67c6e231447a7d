import { useCallback, useSyncExternalStore } from 'react';

/**
 * Whether a media query matches now; re-renders when the answer changes. Where the browser cannot
 * answer (no `matchMedia`), `fallback` is the answer.
 */
export const useMediaQuery = (query: string, fallback = false) => {
  const subscribe = useCallback(
    (onChange: () => void) => {
      if (typeof window === 'undefined' || typeof window.matchMedia !== 'function') return () => {};
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    [query],
  );
  const read = () =>
    typeof window !== 'undefined' && typeof window.matchMedia === 'function' ? window.matchMedia(query).matches : fallback;
  return useSyncExternalStore(subscribe, read, () => fallback);
};
