// The pages served with a static copy of their screen (vite.config.ts, staticPages) start the app
// from here instead of from tags in their head. Once the browser has painted a frame of the static
// screen and the page's style sheets are in, this asks for the app's chunks (data-preload, as
// modulepreload links) and runs its entry (data-entry). Their downloads and evaluation then come
// after the screen's largest text is on the screen instead of competing with it for the network
// and the main thread, and the app never renders unstyled. The chunks of the screen the app shows
// first (data-screen) are asked for after the entry: React's lazy import then finds them asked for
// already instead of adding a preload link for each in one task.
// Each link costs the main thread a little (much more while DevTools records), so they go in
// slices of a few milliseconds, each its own task: no one task blocks input for long.
(function bootAfterPaint(doc, script) {
  var entry = script && script.getAttribute('data-entry');
  if (!entry) return;
  var SLICE_MS = 4;
  function list(name) {
    return (script.getAttribute(name) || '').split(' ').filter(Boolean);
  }

  function preload(href) {
    return function () {
      var link = doc.createElement('link');
      link.rel = 'modulepreload';
      link.href = href;
      doc.head.appendChild(link);
    };
  }

  function runEntry() {
    var app = doc.createElement('script');
    app.type = 'module';
    app.src = entry;
    doc.head.appendChild(app);
  }

  // The page's style sheets sit after the static screen, in the body, so it paints first. The
  // style sheets the app adds later (its screens' chunks) go to the head, which comes first in
  // the cascade: Mantine's rules of the shell's sheet, repeated in the full sheet in their own
  // order, would then win over later components' (a tab's padding lost to a plain button's). A
  // copy in the head before anything the app adds keeps the built order; the body's original
  // goes once the copy is in (both apply the same rules meanwhile).
  function styleSheetsToHead() {
    var links = doc.body.querySelectorAll('link[rel="stylesheet"]');
    Array.prototype.forEach.call(links, function copyToHead(link) {
      var copy = link.cloneNode();
      copy.addEventListener(
        'load',
        function dropOriginal() {
          link.remove();
        },
        { once: true },
      );
      doc.head.appendChild(copy);
    });
  }

  function boot() {
    styleSheetsToHead();
    var steps = list('data-preload')
      .map(preload)
      .concat([runEntry], list('data-screen').map(preload));
    (function slice() {
      var start = Date.now();
      do steps.shift()();
      while (steps.length > 0 && Date.now() - start < SLICE_MS);
      if (steps.length > 0) setTimeout(slice, 0);
    })();
  }

  function whenStylesIn(then) {
    var links = doc.querySelectorAll('link[rel="stylesheet"]');
    var pending = Array.prototype.filter.call(links, function loading(link) {
      return !link.sheet;
    });
    var left = pending.length;
    if (left === 0) return then();
    pending.forEach(function wait(link) {
      function done() {
        left -= 1;
        if (left === 0) then();
      }
      link.addEventListener('load', done, { once: true });
      link.addEventListener('error', done, { once: true });
    });
  }

  // A tab opened in the background paints no frame until it is shown: nothing waits there.
  if (doc.visibilityState === 'hidden') return whenStylesIn(boot);
  globalThis.requestAnimationFrame(function afterFrame() {
    setTimeout(function () {
      whenStylesIn(boot);
    }, 0);
  });
})(globalThis.document, globalThis.document.currentScript);
