import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { currentRouteLogCode } from './app/router/current-route';
import { registerLogCodeResolver } from './lib/api/log-code';
import { initI18n } from './lib/i18n/i18n';
import { storedLanguage } from './lib/i18n/language';
import { restoreSession } from './lib/session/session-actions';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

registerLogCodeResolver(currentRouteLogCode);
// The stored token is checked while the first translations load; pages need only the token.
void restoreSession();
void initI18n(storedLanguage()).then(() => {
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});
