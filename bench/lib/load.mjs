// autocannon runs and the rows of the results table.
import http from 'node:http';
import autocannon from 'autocannon';

export const seconds = Number(process.env.BENCH_SECONDS ?? 10);
export const connections = 10;

/** Load on one request shape for `seconds` (or `amount` requests); answers { rps, p50, p99, errors }. */
export function load(options) {
  return new Promise((resolve, reject) => {
    autocannon({ connections, duration: seconds, ...options }, (err, r) =>
      err
        ? reject(err)
        : resolve({
            // A run of a fixed number of requests ends within a second: its rate over its time.
            rps: options.amount ? (r.requests.total * 1000) / (r.finish - r.start) : r.requests.average,
            p50: r.latency.p50,
            p99: r.latency.p99,
            errors: r.errors + r.timeouts + r.non2xx,
          }),
    );
  });
}

/** The middle value (the upper one of an even count). */
export const median = (values) => values.toSorted((a, b) => a - b)[Math.floor(values.length / 2)];

/** Rounds of one measurement as one row: requests/s over all rounds, the median round's latencies. */
export function combineRounds(runs) {
  return {
    rps: runs.reduce((sum, run) => sum + run.rps, 0) / runs.length,
    p50: median(runs.map((run) => run.p50)),
    p99: median(runs.map((run) => run.p99)),
    errors: runs.reduce((sum, run) => sum + run.errors, 0),
  };
}

/**
 * A read and its ceiling measured in alternating rounds (ceiling, shop, ceiling, shop, …) of
 * `seconds / rounds` each, so that load from elsewhere on a shared machine falls on both alike.
 * Answers both rows' figures (requests/s over all rounds, the median round's latencies) and the
 * median of the rounds' shares.
 */
export async function alternate(ceilingOptions, shopOptions, rounds = 5) {
  const duration = Math.max(1, Math.round(seconds / rounds));
  const ceilings = [];
  const shops = [];
  for (let round = 0; round < rounds; round++) {
    ceilings.push(await load({ ...ceilingOptions, duration }));
    shops.push(await load({ ...shopOptions, duration }));
  }
  const ratio = median(shops.map((run, i) => run.rps / (ceilings[i]?.rps ?? Number.NaN)));
  return {
    ceiling: combineRounds(ceilings),
    shop: combineRounds(shops),
    share: `${Math.round(ratio * 100)}%`,
  };
}

/** Node's bare http server answering every request with these bytes and headers (a read's ceiling). */
export async function bareServer(body, contentType, port) {
  const server = http.createServer((_req, res) => {
    res.writeHead(200, { 'content-type': contentType, 'content-length': body.length });
    res.end(body);
  });
  await new Promise((resolve) => server.listen(port, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${port}/`, close: () => new Promise((r) => server.close(r)) };
}

/**
 * Runs `once` back to back from `workers` loops for `duration` seconds (each call is told its
 * loop's number, from 0); latency percentiles in ms.
 */
export async function loop(once, workers = 1, duration = seconds) {
  const latencies = [];
  const end = performance.now() + duration * 1000;
  let errors = 0;
  await Promise.all(
    Array.from({ length: workers }, async (_, worker) => {
      while (performance.now() < end) {
        const start = performance.now();
        try {
          await once(worker);
        } catch {
          errors++;
        }
        latencies.push(performance.now() - start);
      }
    }),
  );
  latencies.sort((a, b) => a - b);
  const at = (q) =>
    Math.round(latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0);
  return { rps: latencies.length / duration, p50: at(0.5), p99: at(0.99), errors };
}

/** A Markdown table of measurements; `heads` renames the target and share columns. */
export function table(rows, heads = {}) {
  const { target = 'target', share = 'shop / ceiling' } = heads;
  const lines = [
    `| what | ${target} | requests/s | p50 ms | p99 ms | errors | ${share} |`,
    '|---|---|---|---|---|---|---|',
  ];
  for (const row of rows) {
    lines.push(
      `| ${row.what} | ${row.target} | ${row.rps < 10 ? row.rps.toFixed(1) : Math.round(row.rps)} | ${row.p50} | ${row.p99} | ${row.errors} | ${row.share ?? ''} |`,
    );
  }
  return lines.join('\n');
}

export const share = (shop, ceiling) => `${Math.round((shop.rps / ceiling.rps) * 100)}%`;
