// One virtual user of `npm run load`: it signs in as the login page does (the password, then the
// emailed code where the account has two-factor on), and browses the console as a person would,
// page after page with a pause between, each page asking what the web app's page asks
// (apps/web/src: the console frame, the dashboard, lists with paging and sort, details and their
// tabs, a chart, the search, the month's costs) and now and then changing something of its own:
// a tag on its VM, a stop and start of its VM (watching it as the detail page does, every 2 s
// while busy), a reply to one of its tenant's tickets.
import {
  ALARM_SORTS,
  DEFAULT_PAGE_SIZE,
  DISK_SORTS,
  ORDER_SORTS,
  SNAPSHOT_SORTS,
  TICKET_SORTS,
  VM_METRIC_WINDOWS,
  VM_SORTS,
  VmStatus,
  canReplyTicket,
  isVmTransitional,
} from '@portal/shared';
import { LoadError } from './client.mjs';

/** How often a page that shows a busy row asks again (apps/web resource-queries POLL_MS). */
const POLL_MS = 2000;
/** A stop or a start that has not settled in this long is reported as a failure. */
const OPERATION_TIMEOUT_MS = 180_000;
/** When a person first looks in the mailbox for the code, and how often after. */
const MAILBOX_FIRST_LOOK_MS = 2000;
const MAILBOX_LOOK_MS = 1000;
/** How long the code took to reach the mailbox, as the user saw it, counted as a harness route. */
export const MAIL_ARRIVED = 'MAIL /api/dev/outbox (two-factor code seen)';
/** What people type in the console search, and how far they get before the answer comes. */
const SEARCH_WORDS = ['web', 'db-primary', 'backup', 'api', 'nightly', 'cache'];

const sleep = (ms) => new Promise((r) => setTimeout(r, Math.max(0, ms)));
const pick = (rows, random) => rows[Math.floor(random() * rows.length)];
const isBusy = (vm) => vm.pendingOperation !== null || isVmTransitional(vm.status);

/**
 * A virtual user: `person` is a roster entry (seed-load.ts), `ctx` what every user shares: the
 * client, the password, the mean gap between a user's requests (`paceMs`), the time to stop at
 * and where failures are told, where acknowledged changes are told (`wrote`, optional), and the
 * client the mailbox is read with (`outbox`, optional: an instance's own port behind a proxy);
 * `random` its own source of chance.
 */
export function virtualUser(ctx, person, random = Math.random) {
  const { client } = ctx;
  let token = null;
  let sent = 0;
  let stopped = false;
  /** What the user last saw of each list, to click a row of it. */
  const seen = { vms: [], disks: [], alarms: [], orders: [], tickets: [] };
  const t = () => Date.now();
  const running = () => !stopped && performance.now() < ctx.stopAt;

  const call = (route, options = {}) => {
    sent++;
    return client.request(route, { ...options, token });
  };
  const get = async (route, params, query) => (await call(route, { params, query })).data;
  /** A page of a list as the resource list asks for it (resource-queries getPage). */
  const list = async (route, query = {}, params) => {
    const page = await get(route, params, { page: 0, limit: DEFAULT_PAGE_SIZE, ...query, t: t() });
    return page;
  };
  /** A sort a user clicks on: a column, either way, sometimes the next page too. */
  const sorted = (sorts, total = 0) => ({
    sort: pick(sorts, random),
    orderby: random() < 0.5 ? 'asc' : 'desc',
    page: total > DEFAULT_PAGE_SIZE && random() < 0.4 ? 1 : 0,
  });

  /** The user's mailbox: not a console request, so it does not count towards the user's pace. */
  async function readOutbox(to) {
    return (await (ctx.outbox ?? client).request('GET /api/dev/outbox', { query: { to } })).data;
  }

  /** The login page: the password, then the code from the mailbox; then the console frame. */
  async function signIn() {
    const email = person.twoFaEmail;
    const before = email ? ((await readOutbox(email))[0]?.id ?? 0) : 0;
    const first = (await call('POST /api/auth/login', { body: { ...person.login, password: ctx.password } }))
      .data;
    if (first.token) token = first.token;
    else {
      // A person switches to the mailbox and looks again until the code is there.
      const window = ctx.recorder.window();
      const asked = performance.now();
      let mail;
      for (let i = 0; i < 60 && !mail; i++) {
        await sleep(i === 0 ? MAILBOX_FIRST_LOOK_MS : MAILBOX_LOOK_MS);
        mail = (await readOutbox(email)).find((m) => m.id > before);
      }
      if (!mail) throw new LoadError('POST /api/auth/login', email, 'no two-factor mail');
      ctx.recorder.record(window, MAIL_ARRIVED, performance.now() - asked, null);
      const code = /\b(\d{6})\b/.exec(mail.text)[1];
      token = (
        await call('POST /api/auth/2fa/verify', { body: { challenge: first.challenge, tfa_code: code } })
      ).data.token;
    }
    // The console frame: who is signed in, and what the menu may show.
    await Promise.all([get('GET /api/client/info'), get('GET /api/auth/page')]);
  }

  async function dashboard() {
    await Promise.all([
      get('GET /api/dashboard', {}, { t: t() }),
      get('GET /api/announcements', {}, { t: t() }),
      // The unprotected VMs card.
      get('GET /api/vms', {}, { page: 0, limit: 5, protected: 'no', sort: 'name', orderby: 'asc', t: t() }),
    ]);
  }

  async function vmList() {
    const [page] = await Promise.all([
      list('GET /api/vms'),
      // The VPC filter's choices.
      get('GET /api/vpcs', {}, { page: 0, limit: 0, t: t() }),
    ]);
    seen.vms = page.records;
  }

  async function vmListSorted() {
    const page = await list('GET /api/vms', sorted(VM_SORTS, seen.vms.length + 1));
    if (page.records.length) seen.vms = page.records;
  }

  /** A VM's page: its details, then one of its tabs. */
  async function vmDetail() {
    const uuid = seen.vms.length ? pick(seen.vms, random).uuid : person.vmUuid;
    await get('GET /api/vms/{uuid}', { uuid });
    const tab = random();
    if (tab < 0.3) await get('GET /api/tags/resid', {}, { type: 'vms', res_id: uuid, t: t() });
    else if (tab < 0.55) await list('GET /api/disks', { vmUuid: uuid });
    else if (tab < 0.75) await list('GET /api/snapshots', { vmUuid: uuid });
  }

  async function vmChart() {
    const uuid = random() < 0.5 ? person.vmUuid : (pick(seen.vms, random)?.uuid ?? person.vmUuid);
    const window = random() < 0.6 ? '1h' : pick(VM_METRIC_WINDOWS, random);
    await get('GET /api/metrics/vms/{vmId}', { vmId: uuid }, { window });
  }

  /** The tags tab of its own VM: the tags, the editor's key choices, a save, the refreshed tab. */
  async function tagOwnVm() {
    const uuid = person.vmUuid;
    const [, tags] = await Promise.all([
      get('GET /api/vms/{uuid}', { uuid }),
      get('GET /api/tags/resid', {}, { type: 'vms', res_id: uuid, t: t() }),
    ]);
    await get('GET /api/tags/keys', {}, { type: 'vms', t: t() });
    const kept = tags.filter((tag) => tag.key !== 'reviewed').map(({ key, value }) => ({ key, value }));
    const value = new Date().toISOString();
    await call('PUT /api/tags/{type}/{resId}', {
      params: { type: 'vms', resId: uuid },
      body: { tags: [...kept, { key: 'reviewed', value }] },
    });
    ctx.wrote?.('tag', { vmUuid: uuid, value });
    // A change refreshes every query of the resource that is on screen.
    await Promise.all([
      get('GET /api/vms/{uuid}', { uuid }),
      get('GET /api/tags/resid', {}, { type: 'vms', res_id: uuid, t: t() }),
    ]);
  }

  /** The detail page of its VM, asked again every 2 s while the VM is busy, as the page polls. */
  async function untilSettled(uuid, route) {
    const started = performance.now();
    for (;;) {
      const vm = await get('GET /api/vms/{uuid}', { uuid });
      if (!isBusy(vm)) {
        if (vm.status === VmStatus.ERROR) throw new LoadError(route, uuid, 'the VM ended in error');
        return vm;
      }
      if (performance.now() - started > OPERATION_TIMEOUT_MS)
        throw new LoadError(route, uuid, 'the VM stayed busy');
      await sleep(POLL_MS);
    }
  }

  /** Stop and start its VM (or start and stop one it finds stopped), watching each to the end. */
  async function powerOwnVm() {
    const uuid = person.vmUuid;
    let vm = await untilSettled(uuid, 'GET /api/vms/{uuid}');
    for (const step of [0, 1]) {
      if (step === 1) await sleep(ctx.paceMs * (0.5 + random()));
      const action = vm.status === VmStatus.RUNNING ? 'stop' : 'start';
      const route = `POST /api/vms/{uuid}/${action}`;
      const sentAt = Date.now();
      await call(route, { params: { uuid } });
      ctx.wrote?.('power', { vmUuid: uuid, kind: `vm.${action}`, sentAt, ackedAt: Date.now() });
      vm = await untilSettled(uuid, route);
    }
  }

  async function disks() {
    const page = await list('GET /api/disks', random() < 0.5 ? {} : sorted(DISK_SORTS, 20));
    seen.disks = page.records;
    if (seen.disks.length && random() < 0.5)
      await get('GET /api/disks/{uuid}', { uuid: pick(seen.disks, random).uuid });
  }

  async function snapshots() {
    await list('GET /api/snapshots', random() < 0.5 ? {} : sorted(SNAPSHOT_SORTS, 20));
  }

  async function alarms() {
    const page = await list('GET /api/alarms', random() < 0.6 ? {} : sorted(ALARM_SORTS));
    seen.alarms = page.records;
    if (seen.alarms.length && random() < 0.5) {
      const uuid = pick(seen.alarms, random).uuid;
      await Promise.all([
        get('GET /api/alarms/{uuid}', { uuid }),
        get('GET /api/alarms/{uuid}/history', { uuid }, { page: 0, limit: DEFAULT_PAGE_SIZE }),
      ]);
    }
  }

  async function orders() {
    const page = await list('GET /api/orders', random() < 0.6 ? {} : sorted(ORDER_SORTS));
    seen.orders = page.records;
    if (seen.orders.length && random() < 0.4)
      await get('GET /api/orders/{id}', { id: pick(seen.orders, random).id });
  }

  async function tickets() {
    const page = await list('GET /api/tickets', random() < 0.6 ? {} : sorted(TICKET_SORTS));
    seen.tickets = page.records;
    if (seen.tickets.length && random() < 0.6)
      await get('GET /api/tickets/{uuid}', { uuid: pick(seen.tickets, random).uuid });
  }

  /** The tickets page, one still open, a reply to it, the ticket as it stands after. */
  async function replyToTicket() {
    const page = await list('GET /api/tickets', { sort: 'updateDate', orderby: 'desc' });
    const open = page.records.filter((x) => canReplyTicket(x) === true);
    if (open.length === 0) return;
    const uuid = pick(open, random).uuid;
    await get('GET /api/tickets/{uuid}', { uuid });
    const text = `Checked again at ${new Date().toISOString()}: still seen from our office.`;
    await call('POST /api/tickets/{uuid}/reply', { params: { uuid }, body: { text } });
    ctx.wrote?.('reply', { ticketUuid: uuid, text });
    await get('GET /api/tickets/{uuid}', { uuid });
  }

  /** The month's cost estimate (the valuation page). */
  async function valuation() {
    await get('GET /api/valuation');
  }

  /** The usage report: the month's first page of lines and the daily chart. */
  async function usageReport() {
    await Promise.all([
      get('GET /api/usage/report', {}, { page: 0, limit: DEFAULT_PAGE_SIZE }),
      get('GET /api/usage/daily'),
    ]);
  }

  /** The search box: the answer to the first letters, then to the word. */
  async function search() {
    const word = pick(SEARCH_WORDS, random);
    await get('GET /api/search', {}, { q: word.slice(0, 2) });
    await sleep(300 + 300 * random());
    await get('GET /api/search', {}, { q: word });
  }

  async function signOutAndIn() {
    await call('POST /api/users/logout');
    token = null;
    await sleep(ctx.paceMs * (0.5 + random()));
    await signIn();
    await dashboard();
  }

  /** The pages and how often a person goes to each, against each other. */
  const PAGES = [
    [dashboard, 3],
    [vmList, 3],
    [vmListSorted, 2],
    [vmDetail, 4],
    [vmChart, 2],
    [tagOwnVm, 1],
    [powerOwnVm, 0.5],
    [disks, 2],
    [snapshots, 1],
    [alarms, 1.5],
    [orders, 1],
    [tickets, 1.5],
    [replyToTicket, 0.7],
    [search, 2],
    [valuation, 0.6],
    [usageReport, 0.6],
    [signOutAndIn, 0.3],
  ];
  const totalWeight = PAGES.reduce((n, [, w]) => n + w, 0);
  const nextPage = () => {
    let r = random() * totalWeight;
    for (const [page, w] of PAGES) if ((r -= w) < 0) return page;
    return PAGES[0][0];
  };

  /**
   * A page, then the pause a person takes on it: about paceMs for each request the page made,
   * counted from when the page began, so a user asks about once every paceMs whatever the
   * answers' times. A failed page is told and the session goes on (signed in again when it must).
   */
  async function visit(page) {
    const before = sent;
    const started = performance.now();
    try {
      await page();
    } catch (error) {
      if (!(error instanceof LoadError)) throw error;
      ctx.failed(error);
      if (!token) await sleep(ctx.paceMs);
    }
    const requests = Math.max(1, sent - before);
    const pause = requests * ctx.paceMs * (0.5 + random()) - (performance.now() - started);
    if (running()) await sleep(Math.min(pause, ctx.stopAt - performance.now()));
  }

  return {
    person,
    /** A call as this user (signed in or not), counted as its own. */
    call,
    signIn,
    /** Sign in and go to the dashboard, then browse until the run ends; sign out at the end. */
    async run() {
      await visit(async () => {
        await signIn();
        await dashboard();
      });
      while (running()) {
        if (!token) await visit(signIn);
        else await visit(nextPage());
      }
      if (token) await call('POST /api/users/logout').catch(() => undefined);
    },
    /** End the session after the page it is on. */
    stop() {
      stopped = true;
    },
    get requests() {
      return sent;
    },
  };
}
