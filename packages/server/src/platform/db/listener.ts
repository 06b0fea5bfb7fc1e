import pg from 'pg';

type OnChange = (payload: string) => void;

export interface ChangeListenerOptions {
  connectionString: string;
  /** Give up a connection attempt (and a heartbeat) after this long. */
  connectTimeoutMs: number;
  warn: (message: string) => void;
  /** A `select 1` on the connection this often finds a connection that died silently. */
  heartbeatMs?: number;
  /** Reconnect delays grow from `minDelayMs` to `maxDelayMs` (doubling, with jitter). */
  minDelayMs?: number;
  maxDelayMs?: number;
}

/**
 * The one connection that holds every LISTEN of a process (PostgreSQL). When it is lost (server
 * restart, failover, `pg_terminate_backend`, network), it reconnects with growing delays, issues
 * every LISTEN again, and then calls every registered callback with an empty payload: notices sent
 * while it was down are gone, so whatever a callback keeps must be treated as stale.
 */
export class ChangeListener {
  private readonly handlers = new Map<string, Set<OnChange>>();
  private client: pg.Client | undefined;
  private connecting: Promise<void> | undefined;
  private retryTimer: NodeJS.Timeout | undefined;
  private readonly heartbeat: NodeJS.Timeout;
  private attempts = 0;
  private lostOnce = false;
  private closed = false;
  /** Successful connections after a loss (tests and diagnostics). */
  reconnects = 0;

  constructor(private readonly opts: ChangeListenerOptions) {
    this.heartbeat = setInterval(() => this.checkAlive(), opts.heartbeatMs ?? 15_000);
    this.heartbeat.unref();
  }

  /**
   * Register `onChange` for `channel`. Resolves once the LISTEN is in place, or, when the database
   * cannot be reached now, once the callback is registered: the LISTEN is then issued on the next
   * successful connection, which also calls the callback.
   */
  async listen(channel: string, onChange: OnChange): Promise<() => Promise<void>> {
    let set = this.handlers.get(channel);
    if (!set) {
      set = new Set();
      this.handlers.set(channel, set);
    }
    set.add(onChange);
    const handlers = set;
    if (!this.client && !this.retryTimer) await this.connect();
    else await this.connecting;
    const client = this.client;
    if (client) {
      // LISTEN twice is harmless: the connection may already have issued it.
      await client.query(`listen ${quoteChannel(channel)}`).catch((err: Error) => this.lost(client, err));
    }
    return async () => {
      handlers.delete(onChange);
    };
  }

  /** The PostgreSQL backend pid of the live connection, if any (tests terminate it). */
  get backendPid(): number | undefined {
    return (this.client as unknown as { processID?: number } | undefined)?.processID;
  }

  async close(): Promise<void> {
    this.closed = true;
    clearInterval(this.heartbeat);
    clearTimeout(this.retryTimer);
    await this.connecting?.catch(() => {});
    const client = this.client;
    this.client = undefined;
    await client?.end().catch(() => {});
  }

  private connect(): Promise<void> {
    this.connecting ??= this.open().finally(() => {
      this.connecting = undefined;
    });
    return this.connecting;
  }

  private async open(): Promise<void> {
    if (this.closed) return;
    const client = new pg.Client({
      connectionString: this.opts.connectionString,
      connectionTimeoutMillis: this.opts.connectTimeoutMs,
      keepAlive: true,
    });
    // Registered before connecting: an error event without a listener would end the process.
    client.on('error', (err) => this.lost(client, err));
    client.on('end', () => this.lost(client));
    client.on('notification', (n) => this.deliver(n.channel, n.payload ?? ''));
    try {
      await client.connect();
      for (const channel of this.handlers.keys()) await client.query(`listen ${quoteChannel(channel)}`);
    } catch (err) {
      client.removeAllListeners('end');
      client.end().catch(() => {});
      this.opts.warn(`PostgreSQL change listener cannot connect: ${(err as Error).message}`);
      this.scheduleReconnect();
      return;
    }
    if (this.closed) {
      await client.end().catch(() => {});
      return;
    }
    this.client = client;
    this.attempts = 0;
    if (this.lostOnce) {
      this.reconnects += 1;
      this.opts.warn('PostgreSQL change listener reconnected; every listener refreshes');
      // Notices sent while the connection was down are lost: every listener refreshes.
      for (const channel of this.handlers.keys()) this.deliver(channel, '');
    }
  }

  private lost(client: pg.Client, err?: Error): void {
    if (this.client !== client) return;
    this.client = undefined;
    this.lostOnce = true;
    client.end().catch(() => {});
    if (this.closed) return;
    this.opts.warn(`PostgreSQL change listener lost its connection${err ? `: ${err.message}` : ''}; reconnecting`);
    this.scheduleReconnect();
  }

  private scheduleReconnect(): void {
    if (this.closed || this.retryTimer) return;
    // A connection that never came up counts as lost too: its first success refreshes everyone.
    this.lostOnce = true;
    const min = this.opts.minDelayMs ?? 100;
    const max = this.opts.maxDelayMs ?? 5_000;
    const delay = Math.min(max, min * 2 ** this.attempts) * (0.5 + Math.random() / 2);
    this.attempts += 1;
    this.retryTimer = setTimeout(() => {
      this.retryTimer = undefined;
      void this.connect();
    }, delay);
    this.retryTimer.unref();
  }

  private checkAlive(): void {
    const client = this.client;
    if (!client) return;
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error('heartbeat timed out')), this.opts.connectTimeoutMs);
    });
    Promise.race([client.query('select 1'), timeout])
      .catch((err: Error) => this.lost(client, err))
      .finally(() => clearTimeout(timer));
  }

  private deliver(channel: string, payload: string): void {
    for (const onChange of this.handlers.get(channel) ?? []) {
      try {
        onChange(payload);
      } catch (err) {
        // A throwing callback must neither stop the others nor escape the socket's event handler.
        this.opts.warn(`change listener callback for ${channel} failed: ${(err as Error).message}`);
      }
    }
  }
}

/** A channel name as a quoted identifier. */
function quoteChannel(channel: string): string {
  return `"${channel.replace(/"/g, '')}"`;
}
