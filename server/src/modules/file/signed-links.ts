import { createHmac, timingSafeEqual } from 'node:crypto';

/** How long a signed link opens its file. */
export const LINK_TTL_MS = 5 * 60_000;

/**
 * Short-lived links that open one file without the session token (new windows, <img>, PDF viewer).
 * The signature covers the subject (file id or storage key), the expiry and the inline flag.
 */
export class LinkSigner {
  constructor(private readonly secret: string) {}

  sign(subject: string, expires: number, inline: boolean): string {
    return createHmac('sha256', this.secret)
      .update(`${subject}\n${expires}\n${inline ? 1 : 0}`)
      .digest('base64url');
  }

  verify(subject: string, expires: number | undefined, inline: boolean, signature: string | undefined, now = Date.now()): boolean {
    if (!expires || !signature || expires < now || expires > now + LINK_TTL_MS * 2) return false;
    const expected = Buffer.from(this.sign(subject, expires, inline));
    const given = Buffer.from(signature);
    return expected.length === given.length && timingSafeEqual(expected, given);
  }
}
