import pg from 'pg';

/**
 * A node-postgres Client class whose every instance has an 'error' listener for its whole life.
 *
 * pg-pool listens for errors only on idle clients: it removes that listener when it hands a client
 * out (`pool.connect()`, which every transaction uses) and puts it back on release. A connection
 * that dies meanwhile (PostgreSQL restarting: 57P01, ECONNRESET) emits 'error' on a client with no
 * listener, and Node ends the process. Here the client reports the error, and ends itself so that
 * `release()` drops it from the pool (pg-pool removes a client that is ending) instead of lending a
 * dead connection to the next call; its pending queries fail and the call answers 503.
 */
export function resilientClient(Base: typeof pg.Client, onError: (err: Error) => void): typeof pg.Client {
  return class ResilientClient extends Base {
    constructor(config?: string | pg.ClientConfig) {
      super(config);
      this.on('error', (err: Error) => {
        onError(err);
        this.end().catch(() => undefined);
      });
    }
  } as unknown as typeof pg.Client;
}
