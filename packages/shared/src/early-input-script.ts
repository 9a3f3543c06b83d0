import {
  EARLY_CLICK_ATTRIBUTE,
  EARLY_INPUT_GLOBAL,
  NEW_TAB_HREF_ATTRIBUTE,
  NONEMPTY_FIELD_ATTRIBUTE,
} from './early-input.js';

/*
 * Here because both sides need its exact text: the web app's server renderer writes it into the
 * head of the pages it renders (apps/web/src/entry-server.tsx) and the API server allows it, by
 * its SHA-256, in the Content-Security-Policy (apps/server/src/plugins/security-headers.ts), which
 * refuses every other inline script. What it does: early-input.ts.
 */

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
    if (!(form instanceof HTMLFormElement)) return;
    if (form.hasAttribute('action')) {
      var name = form.getAttribute('${NONEMPTY_FIELD_ATTRIBUTE}');
      var field = name === null ? null : form.elements.namedItem(name);
      if (field !== null && typeof field.value === 'string' && field.value.trim() === '') {
        event.preventDefault();
      }
      return;
    }
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
