import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { currentHashPath, currentRouteLogCode } from './app/router/current-route';
import { preloadRoute } from './app/router/preload-route';
import { registerLogCodeResolver } from './lib/api/log-code';
import { initI18n } from './lib/i18n/i18n';
import { storedLanguage } from './lib/i18n/language';
import { restoreSession } from './lib/session/session-actions';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

registerLogCodeResolver(currentRouteLogCode);
// The stored token is checked while the first translations load; pages need only the token.
void restoreSession();
// The common translations, the layout and the page of the first screen load side by side; the
// app renders once they are in (the loading shell of index.html shows meanwhile). The render is a
// transition, so React works in slices and the page stays responsive while it mounts.
void Promise.allSettled([initI18n(storedLanguage()), preloadRoute(currentHashPath())]).then(() => {
  startTransition(() => {
    createRoot(root).render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
  });
});
