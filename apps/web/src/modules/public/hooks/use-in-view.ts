import { type RefObject, useEffect, useRef, useState } from 'react';

/**
 * True while at least `threshold` of the element is in the viewport. With `once`, it stays true after
 * the first time. Without IntersectionObserver (old browsers, tests) the element counts as visible.
 */
export const useInView = <T extends Element>({
  threshold,
  once = false,
}: {
  threshold: number;
  once?: boolean;
}): [RefObject<T | null>, boolean] => {
  const ref = useRef<T>(null);
  const [inView, setInView] = useState(false);

  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    if (typeof IntersectionObserver === 'undefined') {
      setInView(true);
      return;
    }
    const observer = new IntersectionObserver(
      ([entry]) => {
        if (!entry) return;
        const visible = entry.isIntersecting && entry.intersectionRatio >= threshold;
        if (visible && once) {
          setInView(true);
          observer.disconnect();
          return;
        }
        setInView(visible);
      },
      { threshold },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [threshold, once]);

  return [ref, inView];
};
