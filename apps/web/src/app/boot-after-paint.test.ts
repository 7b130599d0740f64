import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import boot from '../../public/boot-after-paint.js?raw';

// public/boot-after-paint.js starts the app on the pages with a static screen (vite.config.ts,
// staticPages): only after a painted frame, and only once the page's style sheets are in.

let frames: FrameRequestCallback[] = [];

function runBootScript(attributes: Record<string, string>) {
  const script = document.createElement('script');
  for (const [name, value] of Object.entries(attributes)) script.setAttribute(name, value);
  Object.defineProperty(document, 'currentScript', { value: script, configurable: true });
  new Function(boot)();
}

function paintFrame() {
  const pending = frames;
  frames = [];
  for (const frame of pending) frame(0);
  vi.runAllTimers();
}

/** A style sheet link still loading (jsdom loads none: its `sheet` stays null). */
function loadingStyleSheet(href: string): HTMLLinkElement {
  const sheet = document.createElement('link');
  sheet.rel = 'stylesheet';
  sheet.href = href;
  document.body.append(sheet);
  return sheet;
}

const added = () =>
  [...document.head.querySelectorAll('link[rel="modulepreload"], script[type="module"]')].map(
    (el) => `${el.tagName.toLowerCase()} ${el.getAttribute('href') ?? el.getAttribute('src')}`,
  );

describe('boot-after-paint.js', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.stubGlobal('requestAnimationFrame', (frame: FrameRequestCallback) => frames.push(frame));
  });

  afterEach(() => {
    vi.useRealTimers();
    frames = [];
    document.head.innerHTML = '';
    document.body.innerHTML = '';
    Reflect.deleteProperty(document, 'currentScript');
  });

  it('asks for the chunks and runs the entry only after a frame is painted', () => {
    runBootScript({
      'data-entry': '/assets/index-a.js',
      'data-preload': '/assets/react-b.js /c.js',
    });
    vi.runAllTimers();
    expect(added()).toEqual([]);

    paintFrame();
    expect(added()).toEqual(['link /assets/react-b.js', 'link /c.js', 'script /assets/index-a.js']);
  });

  it("puts the page's style sheets in the head before anything the app adds there", () => {
    const original = loadingStyleSheet('/assets/index-x.css');
    Object.defineProperty(original, 'sheet', { value: {} });
    runBootScript({ 'data-entry': '/assets/index-a.js', 'data-preload': '/assets/react-b.js' });
    paintFrame();
    const order = [...document.head.children].map(
      (el) =>
        `${el.getAttribute('rel') ?? el.tagName.toLowerCase()} ${el.getAttribute('href') ?? el.getAttribute('src')}`,
    );
    expect(order).toEqual([
      'stylesheet /assets/index-x.css',
      'modulepreload /assets/react-b.js',
      'script /assets/index-a.js',
    ]);
    // The body's copy goes once the head's is in: never a moment without the rules.
    expect(original.isConnected).toBe(true);
    document.head.querySelector('link[rel="stylesheet"]')!.dispatchEvent(new Event('load'));
    expect(original.isConnected).toBe(false);
  });

  it("asks for the first screen's chunks after the entry", () => {
    runBootScript({
      'data-entry': '/assets/index-a.js',
      'data-preload': '/assets/react-b.js',
      'data-screen': '/assets/home-screen-c.js /assets/Paper-d.js',
    });
    paintFrame();
    expect(added()).toEqual([
      'link /assets/react-b.js',
      'script /assets/index-a.js',
      'link /assets/home-screen-c.js',
      'link /assets/Paper-d.js',
    ]);
  });

  it('adds the links in slices of a few milliseconds, each slice its own task', () => {
    // Every link "takes" 3 ms: a slice holds two (0 → 3 → 6 ms, over the 4 ms slice).
    let now = 0;
    vi.spyOn(Date, 'now').mockImplementation(() => (now += 3));
    runBootScript({
      'data-entry': '/assets/index-a.js',
      'data-preload': '/a.js /b.js',
      'data-screen': '/c.js /d.js',
    });
    for (const frame of frames.splice(0)) frame(0);
    vi.advanceTimersToNextTimer(); // the frame's timeout: the first slice
    expect(added()).toEqual(['link /a.js', 'link /b.js']);
    vi.advanceTimersToNextTimer();
    expect(added()).toEqual([
      'link /a.js',
      'link /b.js',
      'script /assets/index-a.js',
      'link /c.js',
    ]);
    vi.advanceTimersToNextTimer();
    expect(added()).toHaveLength(5);
  });

  it('waits for a style sheet that is still loading, so the app never renders unstyled', () => {
    const sheet = loadingStyleSheet('/assets/index.css');
    runBootScript({ 'data-entry': '/assets/index-a.js' });

    paintFrame();
    expect(added()).toEqual([]);

    sheet.dispatchEvent(new Event('load'));
    expect(added()).toEqual(['script /assets/index-a.js']);
  });

  it('still starts the app when a style sheet fails to load', () => {
    const sheet = loadingStyleSheet('/assets/gone.css');
    runBootScript({ 'data-entry': '/assets/index-a.js' });

    paintFrame();
    sheet.dispatchEvent(new Event('error'));
    expect(added()).toEqual(['script /assets/index-a.js']);
  });

  it('does not wait for a frame in a tab opened in the background (it paints none)', () => {
    vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    runBootScript({ 'data-entry': '/assets/index-a.js' });
    expect(frames).toEqual([]);
    expect(added()).toEqual(['script /assets/index-a.js']);
  });

  it('does nothing without an entry', () => {
    runBootScript({ 'data-preload': '/assets/react-b.js' });
    paintFrame();
    expect(frames).toEqual([]);
    expect(added()).toEqual([]);
  });
});
