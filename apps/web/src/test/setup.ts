import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';
import { initI18n } from '../lib/i18n/i18n';
import { localeResources } from './locale-resources';

const resources = localeResources();
await initI18n('en', { resources, ns: Object.keys(resources.en ?? {}) });

// findBy and waitFor give up after 1 s by default: on a busy machine a lazy form took longer and
// a right test failed. They still fail, later, when what they wait for never comes.
configure({ asyncUtilTimeout: 5000 });

// jsdom has no layout, so no scrolling; the app scrolls to the top on every route change.
window.scrollTo = () => undefined;

// Vitest runs without globals, so Testing Library cannot register its own cleanup.
afterEach(() => cleanup());
