import { Worker } from "node:worker_threads";

// PGlite on a worker thread (ADR 034). Drizzle's PGlite driver talks to this object as it would to
// PGlite itself: `query` and `transaction`. Like PGlite, the engine runs one statement at a time and a
// query outside a running transaction waits for it; unlike PGlite in process, the engine's
// synchronous WebAssembly work runs on the worker, so the server's thread keeps answering — cache
// hits, media, health checks — while a slow query runs.

type RowMode = "array" | "object";
interface QueryOptions {
  rowMode?: RowMode;
}
interface Results {
  rows: unknown[];
  fields: { name: string; dataTypeID: number }[];
  affectedRows?: number;
}
interface Reply {
  id?: number;
  ready?: boolean;
  result?: Results | null;
  error?: Record<string, unknown> & { message: string; name: string; stack?: string };
}

/** A failed query as the engine reported it: message, and PostgreSQL's code, constraint, detail… */
function rebuild(plain: NonNullable<Reply["error"]>): Error {
  const error = Object.assign(new Error(plain.message), plain);
  error.name = plain.name;
  return error;
}

/** The client of one transaction: queries go straight to the engine (the lock is already held). */
export interface RemoteTransaction {
  query(sql: string, params?: unknown[], options?: QueryOptions): Promise<Results>;
  exec(sql: string): Promise<Results[]>;
  rollback(): Promise<void>;
  readonly closed: boolean;
}

export class RemotePglite {
  private nextId = 1;
  private readonly pending = new Map<number, { resolve: (r: Results | null) => void; reject: (e: Error) => void }>();
  private transactionTail: Promise<unknown> = Promise.resolve();
  private transactions = 0;
  private failed: Error | null = null;

  private constructor(private readonly worker: Worker) {
    worker.on("message", (reply: Reply) => {
      if (reply.id === undefined) return;
      const waiting = this.pending.get(reply.id);
      this.pending.delete(reply.id);
      if (reply.error) waiting?.reject(rebuild(reply.error));
      else waiting?.resolve(reply.result ?? null);
    });
    const fail = (error: Error) => {
      this.failed = error;
      for (const waiting of this.pending.values()) waiting.reject(error);
      this.pending.clear();
    };
    worker.on("error", fail);
    worker.on("exit", (code) => fail(new Error(`the PGlite worker stopped (exit code ${code})`)));
  }

  /** Starts the engine on its thread; `dataDir` null keeps the database in memory. */
  static async start(dataDir: string | null): Promise<RemotePglite> {
    const worker = new Worker(new URL("./worker.mjs", import.meta.url), { workerData: { dataDir } });
    const ready = await new Promise<Reply>((resolve, reject) => {
      worker.once("message", resolve);
      worker.once("error", reject);
      worker.once("exit", (code) => reject(new Error(`the PGlite worker stopped while starting (exit code ${code})`)));
    });
    if (!ready.ready) {
      await worker.terminate();
      throw ready.error ? rebuild(ready.error) : new Error("the PGlite worker did not start");
    }
    return new RemotePglite(worker);
  }

  private send(message: { kind: "query" | "close"; sql?: string; params?: unknown[]; rowMode?: RowMode }) {
    if (this.failed) return Promise.reject(this.failed);
    const id = this.nextId++;
    return new Promise<Results | null>((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.worker.postMessage({ id, ...message });
    });
  }

  private async run(sql: string, params: unknown[] = [], options: QueryOptions = {}): Promise<Results> {
    const result = await this.send({ kind: "query", sql, params, rowMode: options.rowMode ?? "object" });
    return result ?? { rows: [], fields: [] };
  }

  /**
   * Transactions run one at a time, in arrival order (the /metrics probe wraps this, as it wraps PGlite's own
   * lock). A plain query is sent at once — the worker runs what it receives in order, so queries pipeline
   * instead of each waiting for the previous one's round trip — unless a transaction is running or waiting:
   * then it waits for the transactions to finish, as it would with PGlite in process.
   */
  _runExclusiveTransaction<T>(fn: () => Promise<T>): Promise<T> {
    this.transactions++;
    const turn = this.transactionTail.then(fn, fn);
    const done = () => void this.transactions--;
    this.transactionTail = turn.then(done, done);
    return turn;
  }

  async query(sql: string, params?: unknown[], options?: QueryOptions): Promise<Results> {
    while (this.transactions > 0) await this.transactionTail;
    return this.run(sql, params, options);
  }

  /** Several statements without parameters (migrations' helpers). */
  async exec(sql: string): Promise<Results[]> {
    return [await this.query(sql)];
  }

  transaction<T>(fn: (tx: RemoteTransaction) => Promise<T>): Promise<T> {
    return this._runExclusiveTransaction(async () => {
      await this.run("BEGIN");
      let closed = false;
      const tx: RemoteTransaction = {
        query: (sql, params, options) => this.run(sql, params, options),
        exec: async (sql) => [await this.run(sql)],
        rollback: async () => {
          await this.run("ROLLBACK");
          closed = true;
        },
        get closed() {
          return closed;
        },
      };
      try {
        const result = await fn(tx);
        if (!closed) await this.run("COMMIT");
        closed = true;
        return result;
      } catch (error) {
        if (!closed) await this.run("ROLLBACK").catch(() => undefined);
        closed = true;
        throw error;
      }
    });
  }

  async close(): Promise<void> {
    while (this.transactions > 0) await this.transactionTail;
    await this.send({ kind: "close" }).catch(() => undefined);
    await this.worker.terminate();
  }
}
