import { useEffect, useState } from 'react';

export interface ElementSize {
  width: number;
  height: number;
}

/** The content-box size of an element in CSS pixels, kept in step with layout changes. */
export function useElementSize(element: Element | null): ElementSize {
  const [size, setSize] = useState<ElementSize>({ width: 0, height: 0 });
  useEffect(() => {
    if (!element) return;
    const observer = new ResizeObserver(([entry]) => {
      if (entry) setSize({ width: entry.contentRect.width, height: entry.contentRect.height });
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [element]);
  return size;
}
