import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';
import { initI18n } from '../lib/i18n/i18n';
import { localeResources } from './locale-resources';

const resources = localeResources();
await initI18n('en', { resources, ns: Object.keys(resources.en ?? {}) });

// Vitest runs without globals, so Testing Library cannot register its own cleanup.
afterEach(() => cleanup());
