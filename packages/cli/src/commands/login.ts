import { call } from '../api.js';
import { required, type Command, type Group } from '../command.js';
import { loadSettings, saveSettings } from '../config.js';
import { CliError, Exit } from '../exit-codes.js';

const command: Command = {
  usage: '',
  summary: 'help.login',
  options: { key: { type: 'string' }, url: { type: 'string' } },
  required: ['key'],
  async run(ctx, _args, values) {
    const key = required(ctx, values, 'key');
    const url = (values.url as string | undefined) ?? (await loadSettings(ctx.env)).url;
    const api = ctx.connect({ url, key });
    // The key is checked with a cheap call: a refused key (401) is not saved; a key the call is
    // forbidden to (403) is a valid one with a narrower reach.
    try {
      await call(ctx.text, api, api.client.GET('/api/vms', { params: { query: { limit: 1 } } }));
    } catch (error) {
      if (!(error instanceof CliError && error.exit === Exit.FORBIDDEN)) throw error;
    }
    const file = await saveSettings(ctx.env, { url: api.url, key });
    ctx.io.out(ctx.text.t('login.saved', { url: api.url, file }));
  },
};

export const login: Group = { command };
