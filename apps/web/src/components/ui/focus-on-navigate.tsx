import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';

/** How long a lazily loaded screen may take to show its heading (then the focus is left be). */
const WAIT_MS = 5_000;

const focusIsLost = () =>
  document.activeElement === null || document.activeElement === document.body;

/**
 * After the app moves to another page by itself (a redirect after the emailed code, "Continue to
 * checkout", a form that saves and goes on), the control used is gone and the focus is left on
 * <body>: a keyboard or screen-reader user starts again from the top, unaware the page changed.
 * Then the new page's heading takes the focus, once it is on screen. A page that put the focus
 * somewhere itself (a code field, a link still shown) keeps it; the first page load is the
 * browser's.
 */
export function FocusOnNavigate() {
  const { pathname } = useLocation();
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    let frame = 0;
    const until = performance.now() + WAIT_MS;
    const look = () => {
      if (!focusIsLost()) return;
      const heading = document.querySelector<HTMLElement>('main h1');
      if (!heading) {
        if (performance.now() < until) frame = requestAnimationFrame(look);
        return;
      }
      if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
      heading.focus({ preventScroll: true });
    };
    frame = requestAnimationFrame(look);
    return () => cancelAnimationFrame(frame);
  }, [pathname]);
  return null;
}
