// The few parts of autocannon's result the benchmarks read (it ships no types).
declare module 'autocannon' {
  type Histogram = { average: number; p50: number; p90: number; p99: number; max: number };
  type Result = { requests: Histogram; latency: Histogram; non2xx: number; errors: number };
  type Options = {
    url: string;
    connections?: number;
    duration?: number;
    headers?: Record<string, string>;
  };
  type Instance = {
    /** Each answer, with its time in milliseconds (fractional, unlike the result's histogram). */
    on(
      event: 'response',
      listener: (client: unknown, statusCode: number, bytes: number, ms: number) => void,
    ): void;
  };
  export default function autocannon(
    options: Options,
    done: (error: Error | null, result: Result) => void,
  ): Instance;
}
