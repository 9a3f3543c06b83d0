/*
 * Here because both sides need its exact text, like early-input-script.ts: the web app's server
 * renderer writes it into the head of the pages it renders (apps/web/src/entry-server.tsx) and
 * the API server allows it, by its SHA-256, in the Content-Security-Policy
 * (apps/server/src/plugins/security-headers.ts).
 */

/** The `<template>` holding a server-rendered page's script and module preloads until they load. */
export const APP_MODULES_ELEMENT_ID = 'app-modules';

/** However long the page takes to paint, the app loads after this long past the HTML's parse. */
const APP_LOAD_FALLBACK_MS = 5000;

/**
 * Loads the web app into a server-rendered page once the page has painted. The page shows its
 * content from the HTML alone; its scripts only make it interactive (clicks meanwhile are kept by
 * the early-input script). Asked for at once, they shared a slow network with the page's first
 * paint and its pictures, and on a phone they were in the way of its largest one (issue 31). So
 * they are asked for once the HTML is parsed (hydration needs all of it) and its first contentful
 * paint was shown (the browser's paint timing, not the next frame: a frame is shown well after
 * it is drawn when the machine is busy). A page nobody sees (a background tab) paints nothing: it
 * loads at once.
 *
 * Plain ES2017 in one string: the Content-Security-Policy names its hash. Its behaviour is tested
 * in apps/web/src/app/ssr/app-loader.test.ts and apps/web/e2e/server-render.spec.ts.
 */
export const APP_LOADER_SCRIPT = `(function () {
  var modules = document.getElementById('${APP_MODULES_ELEMENT_ID}');
  if (modules === null) return;
  var loaded = false;
  var load = function () {
    if (loaded) return;
    loaded = true;
    document.head.appendChild(document.importNode(modules.content, true));
  };
  var painted = function (list, observer) {
    if (list.getEntriesByName('first-contentful-paint').length === 0) return;
    observer.disconnect();
    setTimeout(load, 0);
  };
  var afterPaint = function () {
    if (document.visibilityState === 'hidden') return load();
    var types = (window.PerformanceObserver && PerformanceObserver.supportedEntryTypes) || [];
    if (types.indexOf('paint') === -1) return requestAnimationFrame(function () {
      setTimeout(load, 0);
    });
    new PerformanceObserver(painted).observe({ type: 'paint', buffered: true });
    setTimeout(load, ${APP_LOAD_FALLBACK_MS});
  };
  document.addEventListener('visibilitychange', load);
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', afterPaint);
  else afterPaint();
})();`;
