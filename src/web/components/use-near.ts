import { type RefObject, useEffect, useState } from 'react';

/**
 * Whether the element is near the viewport: within 100 px or 10 % visible (spec 2 §9, the endless
 * lists' bottom marker). False where IntersectionObserver is missing (then the lists' button serves).
 */
export function useNear(ref: RefObject<HTMLElement | null>): boolean {
  const [near, setNear] = useState(false);
  useEffect(() => {
    const el = ref.current;
    if (!el || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(([entry]) => setNear(Boolean(entry?.isIntersecting)), { rootMargin: '100px', threshold: 0.1 });
    observer.observe(el);
    return () => observer.disconnect();
  }, [ref]);
  return near;
}
