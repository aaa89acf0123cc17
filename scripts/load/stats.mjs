// What `npm run load` measures: every answer's time and outcome, by route pattern
// (`GET /api/vms/{uuid}`), kept per window (the ramp-up, the measured minute, each step of the
// search for the most users), and the tables it prints.

/** The p-th percentile (0-100) of sorted numbers, nearest rank; 0 when there are none. */
export function percentile(sorted, p) {
  if (sorted.length === 0) return 0;
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1];
}

/**
 * Requests that are the harness's rather than the console's (reading the two-factor code from the
 * development outbox stands in for the user's mailbox): counted and checked for errors, but left
 * out of the overall figures.
 */
export const isHarness = (route) => route.includes(' /api/dev/');

/** A window's requests: by route, each answer's milliseconds and how many failed. */
function newWindow(name, at) {
  return { name, startedAt: at, endedAt: null, routes: new Map() };
}

/**
 * The recorder the HTTP client reports to. A request counts in the window open when it was sent;
 * requests sent while none is open (between steps) are checked for errors only. Errors keep their
 * first examples so the report can say what failed. Once `inFlightAt(killedAt, goneAt)` is told of
 * an instance killed on purpose, a failed request sent before it was gone and ended after the kill
 * is counted apart (`inFlightErrors`), not in `errors`.
 */
export function createRecorder(now = () => performance.now()) {
  const windows = [];
  let current = null;
  let errors = 0;
  let inFlightErrors = 0;
  let kill = null;
  const examples = new Map();
  return {
    /** Open a window (closing the one before). */
    begin(name) {
      if (current) current.endedAt = now();
      current = newWindow(name, now());
      windows.push(current);
      return current;
    },
    end() {
      if (current) current.endedAt = now();
      current = null;
    },
    /** The window a request sent now belongs to, to hand back with its outcome. */
    window: () => current,
    inFlightAt(killedAt, goneAt) {
      kill = { killedAt, goneAt };
    },
    record(window, route, ms, error, startedAt) {
      if (error) {
        const inFlight =
          kill !== null &&
          startedAt !== undefined &&
          startedAt <= kill.goneAt &&
          startedAt + ms >= kill.killedAt;
        if (inFlight) inFlightErrors++;
        else errors++;
        const key = `${route} ${error}${inFlight ? ' (in flight at the kill)' : ''}`;
        examples.set(key, (examples.get(key) ?? 0) + 1);
      }
      if (!window) return;
      let r = window.routes.get(route);
      if (!r) window.routes.set(route, (r = { ms: [], errors: 0 }));
      r.ms.push(ms);
      if (error) r.errors++;
    },
    get errors() {
      return errors;
    },
    get inFlightErrors() {
      return inFlightErrors;
    },
    /** What failed, most frequent first: `GET /api/vms/{uuid} 500 INTERNAL_ERROR` and how often. */
    errorExamples: () => [...examples.entries()].sort((a, b) => b[1] - a[1]),
    windows,
  };
}

/** A window's figures: a row per route (slowest p99 first) and the overall row, harness left out. */
export function summarize(window) {
  const seconds = Math.max(0.001, (window.endedAt - window.startedAt) / 1000);
  const rowOf = (route, ms, errors) => {
    const sorted = Float64Array.from(ms).sort();
    return {
      route,
      count: ms.length,
      rps: ms.length / seconds,
      p50: percentile(sorted, 50),
      p95: percentile(sorted, 95),
      p99: percentile(sorted, 99),
      errors,
    };
  };
  const rows = [];
  const harness = [];
  const all = [];
  let allErrors = 0;
  for (const [route, r] of window.routes) {
    const row = rowOf(route, r.ms, r.errors);
    if (isHarness(route)) {
      harness.push(row);
      continue;
    }
    rows.push(row);
    all.push(...r.ms);
    allErrors += r.errors;
  }
  rows.sort((a, b) => b.p99 - a.p99);
  return { seconds, rows, harness, overall: rowOf('overall', all, allErrors) };
}

const ms = (v) => (v >= 100 ? v.toFixed(0) : v.toFixed(1));

/** The Markdown table of a window's summary (its overall row left out when null). */
export function table({ rows, overall, harness }) {
  const line = (r, bold = false) => {
    const b = (s) => (bold ? `**${s}**` : s);
    const name =
      r.route === 'overall' ? 'overall' : `\`${r.route}\`${isHarness(r.route) ? ' (harness)' : ''}`;
    return `| ${b(name)} | ${b(r.count)} | ${b(r.rps.toFixed(1))} | ${b(ms(r.p50))} | ${b(ms(r.p95))} | ${b(ms(r.p99))} | ${b(r.errors)} |`;
  };
  return [
    '| route | requests | req/s | p50 ms | p95 ms | p99 ms | errors |',
    '|---|---:|---:|---:|---:|---:|---:|',
    ...rows.map((r) => line(r)),
    ...(overall ? [line(overall, true)] : []),
    ...harness.map((r) => line(r)),
  ].join('\n');
}
