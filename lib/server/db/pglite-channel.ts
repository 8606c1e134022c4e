import type { QueryOptions, Results } from "@electric-sql/pglite";
import type { MessagePort } from "node:worker_threads";

/*
 * The one channel between the server and the embedded database's thread (issue 67): one message
 * per statement each way. PGlite's own worker client (PGliteWorker) parses PostgreSQL's wire
 * protocol on the calling thread and takes its locks through more messages, three to five per
 * statement: measured, it cost the rendering thread 1.5–1.8 ms of CPU per trivial statement, five
 * times the statement itself in the process. Here the thread runs PGlite's own `query`, `exec`
 * and `transaction` (its parsing, its locks) and answers with the rows; this side only sends the
 * text and parameters and reads the answer.
 *
 * `ChannelClient` is what drizzle's PGlite driver and pg-boss's `fromPglite` call: `query`,
 * `exec`, `transaction` (the callback's statements go to that transaction; the others wait for it
 * on the thread, as PGlite's own locks make them in the process), `listen`, `close`.
 */

/** Parameters as they cross: what structured clone carries (dates, byte arrays, JSON). */
type Params = unknown[] | undefined;

/** What goes to the thread. `tx` names the open transaction a statement belongs to. */
export type Request =
  | {
      id: number;
      op: "query";
      sql: string;
      params: Params;
      rowMode?: "array" | "object";
      asText?: number[];
      tx?: number;
    }
  | { id: number; op: "exec"; sql: string; tx?: number }
  | { id: number; op: "begin" }
  | { id: number; op: "end"; tx: number; commit: boolean }
  | { id: number; op: "listen"; channel: string }
  | { id: number; op: "unlisten"; channel: string }
  | { id: number; op: "ready" }
  | { id: number; op: "memory"; collect: boolean }
  | { id: number; op: "close" };

/** The database thread's own memory, in bytes: its V8 heap and PostgreSQL's WebAssembly memory. */
export type ThreadMemory = { heapUsed: number; heapTotal: number; wasm: number };

/** A request before it is numbered. */
type Unsent = Request extends infer Each
  ? Each extends Request
    ? Omit<Each, "id">
    : never
  : never;

/** A statement's error as it crosses: its message and PostgreSQL's fields (code, detail, …). */
export type CarriedError = { name: string; message: string; fields: Record<string, unknown> };

/** What comes back: an answer to request `id`, or a notification on a channel listened to. */
export type Reply =
  | { id: number; result: unknown }
  | { id: number; error: CarriedError }
  | { notify: string; payload: string };

/** An error's own fields that cross (PostgreSQL's code, detail, constraint…): values only. */
export function carry(error: unknown): CarriedError {
  if (!(error instanceof Error)) return { name: "Error", message: String(error), fields: {} };
  const fields: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(error)) {
    if (value === null || ["string", "number", "boolean"].includes(typeof value)) {
      fields[key] = value;
    }
  }
  return { name: error.name, message: error.message, fields };
}

const rebuilt = ({ name, message, fields }: CarriedError) =>
  Object.assign(new Error(message), fields, { name });

/**
 * The types drizzle asks PGlite to leave as PostgreSQL's text (dates, timestamps, intervals and
 * their arrays): its parsers for them return the text as it is. Those are the only parsers that
 * can cross; any other parser is refused rather than silently ignored.
 */
function textTypes(options?: QueryOptions): number[] | undefined {
  const parsers = options?.parsers;
  if (!parsers) return undefined;
  const probe = "2026-01-01 00:00:00";
  return Object.entries(parsers).map(([type, parse]) => {
    if (parse(probe, Number(type)) !== probe) {
      throw new Error(`Only parsers that keep the text can reach the database thread (${type})`);
    }
    return Number(type);
  });
}

type Statement = {
  query: <T>(sql: string, params?: unknown[], options?: QueryOptions) => Promise<Results<T>>;
  exec: (sql: string, options?: QueryOptions) => Promise<Array<Results>>;
};

export type ChannelTransaction = Statement & {
  /** Rolls back now; the transaction's callback should then end. */
  rollback: () => Promise<void>;
  readonly closed: boolean;
};

/** The server's side of the channel: a PGlite, as its callers use one, whose work runs there. */
export class ChannelClient implements Statement {
  #next = 1;
  #pending = new Map<
    number,
    { resolve: (value: unknown) => void; reject: (error: Error) => void }
  >();
  #listeners = new Map<string, Set<(payload: string) => void>>();
  #closed = false;

  constructor(private readonly port: MessagePort) {
    port.on("message", (reply: Reply) => {
      if ("notify" in reply) {
        for (const listener of this.#listeners.get(reply.notify) ?? []) listener(reply.payload);
        return;
      }
      const pending = this.#pending.get(reply.id);
      if (!pending) return;
      this.#pending.delete(reply.id);
      if ("error" in reply) pending.reject(rebuilt(reply.error));
      else pending.resolve(reply.result);
    });
  }

  /** Fails every call in flight: the thread has gone. */
  failAll(error: Error) {
    this.#closed = true;
    for (const { reject } of this.#pending.values()) reject(error);
    this.#pending.clear();
  }

  #call<T>(request: Unsent): Promise<T> {
    if (this.#closed) return Promise.reject(new Error("PGlite is closed"));
    const id = this.#next++;
    return new Promise<T>((resolve, reject) => {
      this.#pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
      this.port.postMessage({ ...request, id });
    });
  }

  #statements(tx?: number): Statement {
    return {
      query: async <T>(sql: string, params?: unknown[], options?: QueryOptions) =>
        this.#call<Results<T>>({
          op: "query",
          sql,
          params,
          rowMode: options?.rowMode,
          asText: textTypes(options),
          tx,
        }),
      exec: (sql: string) => this.#call<Array<Results>>({ op: "exec", sql, tx }),
    };
  }

  query<T>(sql: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>> {
    return this.#statements().query<T>(sql, params, options);
  }

  exec(sql: string): Promise<Array<Results>> {
    return this.#statements().exec(sql);
  }

  /**
   * `callback`'s statements in one transaction, committed when it returns and rolled back when
   * it throws. Other statements wait on the thread until it ends.
   */
  async transaction<T>(callback: (tx: ChannelTransaction) => Promise<T>): Promise<T> {
    const tx = await this.#call<number>({ op: "begin" });
    let ended = false;
    const end = async (commit: boolean) => {
      if (ended) return;
      ended = true;
      await this.#call({ op: "end", tx, commit });
    };
    const statements = this.#statements(tx);
    const open = (run: () => Promise<unknown>) => {
      if (ended) return Promise.reject(new Error("Transaction is closed"));
      return run();
    };
    const handle: ChannelTransaction = {
      query: (sql, params, options) => open(() => statements.query(sql, params, options)) as never,
      exec: (sql) => open(() => statements.exec(sql)) as never,
      rollback: () => end(false),
      get closed() {
        return ended;
      },
    };
    try {
      const result = await callback(handle);
      await end(true);
      return result;
    } catch (error) {
      await end(false).catch(() => undefined);
      throw error;
    }
  }

  /** `callback` for each NOTIFY on `channel` (pg-boss's wake-ups); answers how to stop. */
  async listen(channel: string, callback: (payload: string) => void): Promise<() => Promise<void>> {
    let listeners = this.#listeners.get(channel);
    if (!listeners) {
      listeners = new Set();
      this.#listeners.set(channel, listeners);
      await this.#call({ op: "listen", channel });
    }
    listeners.add(callback);
    return async () => {
      listeners.delete(callback);
      if (listeners.size === 0 && this.#listeners.get(channel) === listeners) {
        this.#listeners.delete(channel);
        await this.#call({ op: "unlisten", channel }).catch(() => undefined);
      }
    };
  }

  /** Settles once PostgreSQL has started on its thread (or failed to). */
  ready(): Promise<void> {
    return this.#call({ op: "ready" });
  }

  /**
   * The thread's memory; with `collect`, after V8's memory-reducing collection on that thread
   * (where `--expose-gc` gives it one), as the server runs on its own once it has gone quiet
   * (lib/server/http/idle-collector.ts): the thread's heap grows with the rows it decodes, and
   * keeps its pages otherwise.
   */
  memory(collect = false): Promise<ThreadMemory> {
    return this.#call({ op: "memory", collect });
  }

  /** Shuts PostgreSQL down on its thread (its checkpoint written); nothing goes after it. */
  async close(): Promise<void> {
    if (this.#closed) return;
    await this.#call({ op: "close" });
    this.#closed = true;
  }

  get closed() {
    return this.#closed;
  }
}
