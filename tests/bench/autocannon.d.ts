// The few parts of autocannon's API the bench uses (the package ships no types).
declare module 'autocannon' {
  interface Options {
    url: string;
    connections?: number;
    duration?: number;
    amount?: number;
    headers?: Record<string, string>;
    timeout?: number;
  }
  interface Histogram {
    average: number;
    mean: number;
    max: number;
    p50: number;
    p90: number;
    p99: number;
    total: number;
  }
  interface Result {
    duration: number;
    errors: number;
    timeouts: number;
    non2xx: number;
    '2xx': number;
    latency: Histogram;
    requests: Histogram;
    throughput: Histogram;
  }
  function autocannon(options: Options): Promise<Result>;
  export default autocannon;
}
