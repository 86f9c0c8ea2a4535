import { hash, verify } from '@node-rs/argon2';
import { unavailable } from '../errors';

// argon2id with OWASP's recommended minimum (19 MiB, 2 passes); runs on libuv's thread pool.
const OPTIONS = { memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

/**
 * At most this many hashes run at once (each ~19 MiB and ~25 ms of a core), so a burst of failed
 * sign-ins cannot take every thread of libuv's pool (file reads, DNS and zlib share it) nor every core;
 * beyond QUEUE_LIMIT waiting, a sign-in is answered 503 at once instead of piling up.
 */
export const HASH_CONCURRENCY = 2;
export const HASH_QUEUE_LIMIT = 200;

export class BoundedSlots {
  private running = 0;
  private readonly waiting: Array<() => void> = [];

  constructor(
    private readonly slots: number,
    private readonly queueLimit: number,
  ) {}

  get active(): number {
    return this.running;
  }

  async run<T>(work: () => Promise<T>): Promise<T> {
    if (this.running >= this.slots) {
      if (this.waiting.length >= this.queueLimit) throw unavailable('登录请求过多，请稍后重试');
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    } else this.running++;
    try {
      return await work();
    } finally {
      const next = this.waiting.shift();
      // The slot passes straight to the next in line, so `running` stays counted.
      if (next) next();
      else this.running--;
    }
  }
}

const slots = new BoundedSlots(HASH_CONCURRENCY, HASH_QUEUE_LIMIT);
export const passwordHashingSlots = slots;

export const hashPassword = (password: string) => slots.run(() => hash(password, OPTIONS));

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  return slots.run(async () => {
    try {
      return await verify(passwordHash, password);
    } catch {
      return false;
    }
  });
}

/** Verified against when the user does not exist, so both failures take the same time. */
let dummyHash: Promise<string> | undefined;
export function dummyPasswordHash(): Promise<string> {
  dummyHash ??= hashPassword('not-a-real-password-0');
  return dummyHash;
}
