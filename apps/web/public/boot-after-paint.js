// The pages served with a static copy of their screen (vite.config.ts, staticPages) start the app
// from here instead of from tags in their head. Once the browser has painted a frame of the static
// screen and the page's style sheets are in, this asks for the app's chunks (data-preload, as
// modulepreload links) and runs its entry (data-entry). Their downloads and evaluation then come
// after the screen's largest text is on the screen instead of competing with it for the network
// and the main thread, and the app never renders unstyled.
(function bootAfterPaint(doc, script) {
  var entry = script && script.getAttribute('data-entry');
  if (!entry) return;
  var preloads = (script.getAttribute('data-preload') || '').split(' ').filter(Boolean);

  function boot() {
    preloads.forEach(function preload(href) {
      var link = doc.createElement('link');
      link.rel = 'modulepreload';
      link.href = href;
      doc.head.appendChild(link);
    });
    var app = doc.createElement('script');
    app.type = 'module';
    app.src = entry;
    doc.head.appendChild(app);
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
