/**
 * Clicks on a server-rendered page before the web app has hydrated it (issue 32). The page's links
 * and its GET forms (the forum's search, sort and filters) work without the app; every other
 * button needs it. This script, inline in the head of every page the server renders, runs before
 * anything is shown: until the app takes over, it keeps the buttons pressed (each once, marked with
 * EARLY_CLICK_ATTRIBUTE) and the forms without an `action` submitted, for the app to replay once
 * it has hydrated them (apps/web/src/app/ssr/early-input.ts), and it opens the forum's cards
 * (NEW_TAB_HREF_ATTRIBUTE) itself, as the app would, in a new tab.
 *
 * Here because both sides need the exact text: the web app's server renderer writes it into the
 * page (apps/web/src/entry-server.tsx) and the API server allows it, by its SHA-256, in the
 * Content-Security-Policy (apps/server/src/plugins/security-headers.ts), which refuses every
 * other inline script. Kept free of zod, like web-paths.ts: the browser's first load imports the
 * names below (the script itself stays out of its bundle).
 */

/** Where the script leaves its `take()` for the app: it stops listening and hands the presses over. */
export const EARLY_INPUT_GLOBAL = '__symposiaEarlyInput';

/** Marks a button pressed (or a form submitted) before hydration, until the app replays it. */
export const EARLY_CLICK_ATTRIBUTE = 'data-early-click';

/** On an element that, clicked anywhere but on a control inside it, opens this address in a new tab. */
export const NEW_TAB_HREF_ATTRIBUTE = 'data-new-tab-href';

/**
 * A press kept for the app: the button (or form), and the button's aria-pressed as it was (a
 * toggle whose state has meanwhile become what the press asked for is not pressed again).
 */
export type EarlyPress = { element: Element; pressed: string | null };

/** What EARLY_INPUT_GLOBAL holds. */
export type EarlyInput = { take: () => EarlyPress[] };

/**
 * The script, plain ES2017 in one string: the Content-Security-Policy names its hash, so its text
 * must be exactly this wherever it is read. Its behaviour is tested in
 * apps/web/src/app/ssr/early-input.test.ts and e2e/before-hydration.spec.ts.
 */
export const EARLY_INPUT_SCRIPT = `(function () {
  var presses = [];
  var controls = 'a[href], button, input, select, textarea, label, summary';
  var openTab = function (holder) {
    window.open(holder.getAttribute('${NEW_TAB_HREF_ATTRIBUTE}'), '_blank', 'noopener');
  };
  var keep = function (element) {
    for (var i = 0; i < presses.length; i += 1) if (presses[i].element === element) return;
    presses.push({ element: element, pressed: element.getAttribute('aria-pressed') });
    element.setAttribute('${EARLY_CLICK_ATTRIBUTE}', '');
  };
  var onClick = function (event) {
    var target = event.target;
    if (!(target instanceof Element)) return;
    var control = target.closest(controls);
    if (control === null) {
      var holder = target.closest('[${NEW_TAB_HREF_ATTRIBUTE}]');
      if (holder !== null) openTab(holder);
      return;
    }
    if (control.tagName !== 'BUTTON' || control.disabled) return;
    var form = control.form;
    if (control.type === 'submit' && form !== null && form.hasAttribute('action')) return;
    event.preventDefault();
    keep(control);
  };
  var onSubmit = function (event) {
    var form = event.target;
    if (!(form instanceof HTMLFormElement) || form.hasAttribute('action')) return;
    event.preventDefault();
    keep(form);
  };
  var onKeyDown = function (event) {
    var target = event.target;
    if (event.key === 'Enter' && target instanceof Element && target.hasAttribute('${NEW_TAB_HREF_ATTRIBUTE}')) {
      event.preventDefault();
      openTab(target);
    }
  };
  document.addEventListener('click', onClick, true);
  document.addEventListener('submit', onSubmit, true);
  document.addEventListener('keydown', onKeyDown, true);
  window.${EARLY_INPUT_GLOBAL} = {
    take: function () {
      document.removeEventListener('click', onClick, true);
      document.removeEventListener('submit', onSubmit, true);
      document.removeEventListener('keydown', onKeyDown, true);
      return presses.splice(0);
    }
  };
})();`;
