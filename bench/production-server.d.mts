// Types for bench/production-server.mjs, for the benchmarks written in TypeScript.
export type ProductionServer = {
  origin: string;
  stop: () => Promise<void>;
  pid: number | undefined;
};

export function startProductionServer(options: {
  port: number;
  env?: Record<string, string>;
  probe?: string;
  minutes?: number;
  onStderrLine?: (line: string) => void;
}): Promise<ProductionServer>;

export function withScratchServer<T>(
  options: {
    port: number;
    prefix: string;
    env?: Record<string, string>;
    prepare?: (env: Record<string, string>) => void | Promise<void>;
    minutes?: number;
    onStderrLine?: (line: string) => void;
  },
  run: (server: ProductionServer) => Promise<T>,
): Promise<T>;

export function startCommand(): { env: Record<string, string>; args: string[] };

export function childrenOf(pid: number): number[];

export function cpuMs(pids: number[]): number;

export function rssMb(pid: number): number | null;

export function numberArg(name: string, fallback: number): number;

export function printResults(
  results: { name: string; rps: number; p99: number; errors: number }[],
): void;
