/**
 * Clicks on a server-rendered page before the web app has hydrated it (issue 32). The page's links
 * and its GET forms (the forum's search, sort and filters) work without the app; every other
 * button needs it. The script, inline in the head of every page the server renders, runs before
 * anything is shown: until the app takes over, it keeps the buttons pressed (each once, marked with
 * EARLY_CLICK_ATTRIBUTE) and the forms without an `action` submitted, for the app to replay once
 * it has hydrated them (apps/web/src/app/ssr/early-input.ts), and it opens the forum's cards
 * (NEW_TAB_HREF_ATTRIBUTE) itself, as the app would, in a new tab.
 *
 * The script is early-input-script.ts. These names are kept apart from it and free of zod, like
 * web-paths.ts: the browser's first load imports them, and none of the script's text. The shape of
 * what the script hands over is DOM-typed, so it is the web app's (app/ssr/early-input.ts).
 */

/** Where the script leaves its `take()` for the app: it stops listening and hands the presses over. */
export const EARLY_INPUT_GLOBAL = '__symposiaEarlyInput';

/** Marks a button pressed (or a form submitted) before hydration, until the app replays it. */
export const EARLY_CLICK_ATTRIBUTE = 'data-early-click';

/** On an element that, clicked anywhere but on a control inside it, opens this address in a new tab. */
export const NEW_TAB_HREF_ATTRIBUTE = 'data-new-tab-href';

/**
 * On a GET form (an `action`): the name of its field that must hold more than spaces for the form
 * to go anywhere. Home's search does nothing on an empty query (spec §2); before hydration the
 * browser would submit it and open the whole forum, so the script stops that submission.
 */
export const NONEMPTY_FIELD_ATTRIBUTE = 'data-nonempty-field';
