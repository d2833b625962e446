import autocannon from 'autocannon';
import { percentile } from './support.ts';

export type Load = {
  perSecond: number;
  p50: number;
  p95: number;
  failed: number;
  /** Each answer's time (ms), for percentiles over several runs. */
  times: number[];
};

/**
 * Drives each target with autocannon's closed loop (`connections` requests in flight), one
 * second at a time and taking turns for `seconds` rounds after a warm-up second each, so a
 * machine whose load changes weighs on every target alike; answers per second and latency
 * percentiles for each.
 */
export async function loadInTurns(
  targets: { url: string; headers?: Record<string, string> }[],
  seconds = 5,
  connections = 10,
): Promise<Load[]> {
  for (const t of targets) await run(t.url, t.headers ?? {}, 1, connections);
  const rounds: Load[][] = targets.map(() => []);
  for (let round = 0; round < seconds; round++) {
    for (const [i, t] of targets.entries()) {
      rounds[i]?.push(await run(t.url, t.headers ?? {}, 1, connections));
    }
  }
  return rounds.map((loads) => {
    const times = loads.flatMap((l) => l.times);
    return {
      perSecond: loads.reduce((sum, l) => sum + l.perSecond, 0) / loads.length,
      p50: percentile(times, 50),
      p95: percentile(times, 95),
      failed: loads.reduce((sum, l) => sum + l.failed, 0),
      times,
    };
  });
}

function run(
  url: string,
  headers: Record<string, string>,
  duration: number,
  connections: number,
): Promise<Load> {
  const times: number[] = [];
  return new Promise((resolve, reject) => {
    const instance = autocannon({ url, headers, duration, connections }, (error, result) => {
      if (error) {
        reject(error);
        return;
      }
      resolve({
        perSecond: times.length / duration,
        p50: percentile(times, 50),
        p95: percentile(times, 95),
        failed: result.non2xx + result.errors,
        times,
      });
    });
    instance.on('response', (_client, _status, _bytes, ms) => times.push(ms));
  });
}
