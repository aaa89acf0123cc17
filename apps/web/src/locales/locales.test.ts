import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  AUDIT_ACTIONS,
  CLIENT_ERROR_KEYS,
  CONFIRM_PASSWORD_NOT_MATCH,
  ENUM_LABEL_KEYS,
  ERROR_CODES,
  HTTP_ERROR_MSGS,
  MENU_DEFINITION,
  VALIDATION_MESSAGE_KEYS,
} from '@portal/shared';
import { localeResources } from '../test/locale-resources';

const resources = localeResources();
const LANGUAGES = ['zh-TW', 'en'] as const;

type Tree = { [key: string]: string | Tree };

function leaves(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(path, value);
    else for (const [k, v] of leaves(value, path)) out.set(k, v);
  }
  return out;
}

/** The message of a "namespace.key.path" key in one language, or undefined. */
function message(language: string, messageKey: string): string | undefined {
  const dot = messageKey.indexOf('.');
  const tree = resources[language]?.[messageKey.slice(0, dot)] as Tree | undefined;
  return tree ? leaves(tree).get(messageKey.slice(dot + 1)) : undefined;
}

function expectMessages(keys: readonly string[]) {
  for (const language of LANGUAGES) {
    const missing = keys.filter((key) => !message(language, key)?.trim());
    expect(missing, `${language} has no message for`).toEqual([]);
  }
}

/** Every 'validation.…' literal in the shared package's sources (tests excepted). */
function validationKeysInSharedSources(): string[] {
  const root = join(__dirname, '../../../../packages/shared/src');
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts')) files.push(path);
    }
  };
  walk(root);
  const keys = new Set<string>();
  for (const file of files) {
    for (const match of readFileSync(file, 'utf8').matchAll(/'(validation\.[A-Za-z0-9_.]+)'/g))
      keys.add(match[1]!);
  }
  return [...keys];
}

describe('locales', () => {
  it('hold the same namespaces in zh-TW and en', () => {
    expect(Object.keys(resources['zh-TW'] ?? {}).sort()).toEqual(Object.keys(resources.en ?? {}).sort());
  });

  it('hold the same keys in zh-TW and en, none of them empty', () => {
    for (const namespace of Object.keys(resources.en ?? {})) {
      const zh = leaves(resources['zh-TW']?.[namespace] as Tree);
      const en = leaves(resources.en?.[namespace] as Tree);
      expect([...zh.keys()].sort(), `keys of ${namespace}`).toEqual([...en.keys()].sort());
      for (const [key, value] of [...zh, ...en]) expect(value.trim(), `${namespace}.${key}`).not.toBe('');
    }
  });

  it('use the same interpolation values in both languages', () => {
    const placeholders = (text: string) => [...text.matchAll(/{{\s*(\w+)\s*}}/g)].map((m) => m[1]).sort();
    for (const namespace of Object.keys(resources.en ?? {})) {
      const zh = leaves(resources['zh-TW']?.[namespace] as Tree);
      for (const [key, en] of leaves(resources.en?.[namespace] as Tree)) {
        expect(placeholders(zh.get(key) ?? ''), `${namespace}.${key}`).toEqual(placeholders(en));
      }
    }
  });

  it('have an apiError message for every server code and every client error', () => {
    expectMessages(
      [...ERROR_CODES, ...CLIENT_ERROR_KEYS, ...HTTP_ERROR_MSGS].map((code) => `apiError.${code}`),
    );
  });

  it('have a message for every key the shared validators answer', () => {
    expectMessages([
      ...VALIDATION_MESSAGE_KEYS,
      ...validationKeysInSharedSources(),
      CONFIRM_PASSWORD_NOT_MATCH,
    ]);
  });

  it('have a label for every menu entry the server can send', () => {
    expectMessages(MENU_DEFINITION.map((m) => m.entry.lang_key));
  });

  it('have a label for every action the audit log records', () => {
    expectMessages(AUDIT_ACTIONS.map((action) => `audit.actions.${action}`));
  });

  it('have a label for every value of the shared code lists', () => {
    expectMessages(ENUM_LABEL_KEYS);
  });
});
