// The few parts of autocannon's programmatic API the bench uses (the package ships no types).
declare module "autocannon" {
  interface Histogram {
    average: number;
    total: number;
    p50: number;
    p99: number;
  }
  interface Result {
    requests: Histogram;
    latency: Histogram;
    errors: number;
    timeouts: number;
    non2xx: number;
    /** Responses per status code. */
    statusCodeStats?: Record<string, { count: number }>;
  }
  interface RequestOptions {
    method?: string;
    path?: string;
    headers?: Record<string, string>;
    body?: string;
    setupRequest?: (request: Record<string, unknown>, context: Record<string, unknown>) => Record<string, unknown>;
  }
  interface Options {
    url: string;
    connections?: number;
    duration?: number;
    timeout?: number;
    requests?: RequestOptions[];
  }
  function autocannon(options: Options): Promise<Result>;
  export default autocannon;
}
