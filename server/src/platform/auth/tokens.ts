import { createHash, randomBytes } from 'node:crypto';

/** A 256-bit random session token, URL-safe. */
export const newToken = () => randomBytes(32).toString('base64url');
/** Only this digest is stored; the token itself never reaches the database. */
export const tokenDigest = (token: string) => createHash('sha256').update(token).digest('hex');
