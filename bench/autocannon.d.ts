// autocannon ships no types (and @types/autocannon is not a dependency): just what the benches use.
declare module "autocannon" {
  type Result = { requests: { average: number; total: number }; errors: number; timeouts: number };
  type Instance = PromiseLike<Result> & {
    on(event: "response", listener: (client: unknown, statusCode: number, resBytes: number, responseTime: number) => void): void;
  };
  export default function autocannon(options: { url: string; connections?: number; duration?: number; headers?: Record<string, string> }): Instance;
}
