import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';
import { initI18n } from '../lib/i18n/i18n';
import { localeResources } from './locale-resources';

const resources = localeResources();
await initI18n('en', { resources, ns: Object.keys(resources.en ?? {}) });

// jsdom has no layout, so no scrolling; the app scrolls to the top on every route change.
window.scrollTo = () => undefined;

// Vitest runs without globals, so Testing Library cannot register its own cleanup.
afterEach(() => cleanup());
