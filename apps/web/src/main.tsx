// First: zod's settings before any zod code loads (lib/zod-csp.ts).
import './lib/zod-csp';
import { startTransition, StrictMode, useEffect, type ReactNode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { hydrate, type DehydratedState } from '@tanstack/react-query';
import { App } from './app';
import { preloadScreen } from './app/router';
import { replayEarlyPresses, takeEarlyPresses, type EarlyPress } from './app/ssr/early-input';
import { replayMediaErrorsWhenHydrated } from './app/ssr/media-errors';
import { screenHydrated } from './app/ssr/screen-hydrated';
import { readEmbeddedState } from './app/ssr/state';
import { keepServerMarkup } from './components/ui/rich-text/server-markup';
import { authStore } from './lib/auth-store';
import {
  browserLanguage,
  changeLanguage,
  DEFAULT_LANGUAGE,
  isLanguage,
  type Language,
} from './lib/i18n';
import { createQueryClient, whenQueriesSettled } from './lib/react-query';
import './styles/global.css';

/** Speaks `language` from the first render; a catalogue that cannot load leaves English. */
const speak = (language: Language) =>
  changeLanguage(language, false).catch((error: unknown) =>
    console.warn(`The ${language} texts could not be loaded`, error),
  );

/**
 * Runs `run` once the app inside has rendered (its effects run after theirs). It wraps the app
 * rather than standing beside it: the server's render (entry-server.tsx) has the app as the root's
 * only child, and a second child would shift every id React makes with useId, so the ids on the
 * server's HTML would not be the browser's (components/ui/rich-text/server-markup.ts finds texts
 * by them).
 */
function AfterRender({ run, children }: { run: () => void; children: ReactNode }) {
  useEffect(run, [run]);
  return children;
}

/** Takes over the HTML the server rendered into `container`, or renders the app into it. */
function start(container: HTMLElement) {
  const embedded = readEmbeddedState(document);
  if (embedded !== null && container.firstElementChild) {
    // The server rendered this page (entry-server.tsx): take over its HTML with the data it showed,
    // once the chunk of its screen is here, so the first render matches instead of suspending.
    replayMediaErrorsWhenHydrated(container);
    const queryClient = createQueryClient();
    hydrate(queryClient, embedded as DehydratedState);
    // The server rendered what anyone may see; a member's own answers (their likes, their private
    // posts) replace it right after hydration.
    // It hydrates in the language the server wrote it in, then turns to the reader's own choice.
    const serverLanguage = isLanguage(document.documentElement.lang)
      ? document.documentElement.lang
      : DEFAULT_LANGUAGE;
    // Buttons pressed before hydration (app/ssr/early-input.ts), taken when React takes over.
    let earlyPresses: EarlyPress[] = [];
    // Once the screen has hydrated too (app/ssr/screen-hydrated.tsx), not only the layout around it.
    const showMemberView = () =>
      void screenHydrated.then(() => {
        // Links and buttons work in-app from here on (end-to-end tests wait for this mark).
        document.documentElement.dataset.hydrated = 'true';
        const memberView = authStore.getState().token
          ? queryClient.invalidateQueries().then(() => whenQueriesSettled(queryClient))
          : Promise.resolve();
        const language =
          browserLanguage() !== serverLanguage ? speak(browserLanguage()) : Promise.resolve();
        // Pressed once each, on the screen as this reader sees it.
        const presses = earlyPresses;
        earlyPresses = [];
        void replayEarlyPresses(presses, Promise.all([memberView, language])).then(() => {
          // End-to-end tests wait for this mark too.
          document.documentElement.dataset.earlyPresses = 'replayed';
        });
      });
    // Rendered Markdown is kept as the server wrote it: no renderer is needed to hydrate it.
    keepServerMarkup(container);
    // A screen's chunk that cannot load fails where it renders.
    const screen = preloadScreen(window.location.pathname).catch(() => undefined);
    void Promise.all([screen, speak(serverLanguage)]).then(() =>
      // As a transition, hydration yields to the browser every few milliseconds instead of holding
      // the main thread for the whole page: the server's HTML is already on screen, and input
      // arriving meanwhile hydrates the part it touches first (total blocking time).
      startTransition(() => {
        earlyPresses = takeEarlyPresses();
        hydrateRoot(
          container,
          <StrictMode>
            <AfterRender run={showMemberView}>
              <App queryClient={queryClient} />
            </AfterRender>
          </StrictMode>,
        );
      }),
    );
  } else {
    // The same mark as a hydrated page once the app has rendered (end-to-end tests wait for it).
    const markInteractive = () => {
      document.documentElement.dataset.hydrated = 'true';
    };
    void speak(browserLanguage()).then(() =>
      createRoot(container).render(
        <StrictMode>
          <AfterRender run={markInteractive}>
            <App />
          </AfterRender>
        </StrictMode>,
      ),
    );
  }
}

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element to render into');
// The modules above are evaluated in one task and the app starts in the next, so that on a slow
// phone neither holds the main thread for long (issue 31: total blocking time). Not a top-level
// await: the build then cuts the modules the screens share into many more chunks (the post page
// fetched 34 scripts instead of 20; e2e/first-load.spec.ts).
window.setTimeout(() => start(container), 0);
