import { useEffect, useRef, useState, type ReactNode } from 'react';

type WhenVisibleProps = {
  /** Shown until the box has scrolled into view (keep it the size of what replaces it). */
  placeholder: ReactNode;
  children: ReactNode;
};

/**
 * Renders its children only once its box is in view, so what they load (a map and its library)
 * waits until the user can see it; on a phone the sitters' map sits below the list. Browsers
 * without IntersectionObserver render the children at once.
 */
export function WhenVisible({ placeholder, children }: WhenVisibleProps) {
  const box = useRef<HTMLDivElement>(null);
  const [isVisible, setVisible] = useState(() => typeof IntersectionObserver === 'undefined');

  useEffect(() => {
    const node = box.current;
    if (isVisible || !node) return undefined;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) setVisible(true);
    });
    observer.observe(node);
    return () => observer.disconnect();
  }, [isVisible]);

  return (
    <div ref={box} style={{ height: '100%' }}>
      {isVisible ? children : placeholder}
    </div>
  );
}
