import { StrictMode, useEffect } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { hydrate, type DehydratedState } from '@tanstack/react-query';
import { App } from './app';
import { preloadScreen } from './app/router';
import { replayMediaErrorsWhenHydrated } from './app/ssr/media-errors';
import { readEmbeddedState } from './app/ssr/state';
import { authStore } from './lib/auth-store';
import { createQueryClient } from './lib/react-query';
import './styles/global.css';

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element to render into');

/** Runs once the server's HTML is hydrated. */
function AfterHydration({ run }: { run: () => void }) {
  useEffect(run, [run]);
  return null;
}

const embedded = readEmbeddedState(document);
if (embedded !== null && container.firstElementChild) {
  // The server rendered this page (entry-server.tsx): take over its HTML with the data it showed,
  // once the screen's chunk is here so the first render matches instead of suspending.
  replayMediaErrorsWhenHydrated(container);
  const queryClient = createQueryClient();
  hydrate(queryClient, embedded as DehydratedState);
  // The server rendered what anyone may see; a member's own answers (their likes, their private
  // posts) replace it right after hydration.
  const showMemberView = () => {
    // Links and buttons work in-app from here on (end-to-end tests wait for this mark).
    document.documentElement.dataset.hydrated = 'true';
    if (authStore.getState().token) void queryClient.invalidateQueries();
  };
  void preloadScreen(window.location.pathname)
    .catch(() => undefined)
    .then(() =>
      hydrateRoot(
        container,
        <StrictMode>
          <App queryClient={queryClient} />
          <AfterHydration run={showMemberView} />
        </StrictMode>,
      ),
    );
} else {
  createRoot(container).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}
