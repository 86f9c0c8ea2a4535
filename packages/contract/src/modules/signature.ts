import { z } from 'zod';
import { isoDateTime, optionalText } from '../common';
import { defineCall } from '../define';

/**
 * Digital signature (电子签章, spec 002 "Digital signature"): a signing page asks for an access
 * token, has a one-time code sent to the signer, and exchanges token + code for a signature serial
 * number that the business record keeps as its proof of signature. The specification names the
 * calls only; the flow is ours (docs/architecture.md, "Digital signature").
 */
export const SIGNATURE_TOKEN_TTL_SECONDS = 1800;
export const SIGNATURE_CODE_TTL_SECONDS = 300;
export const SIGNATURE_MAX_CODE_ATTEMPTS = 5;

const ZAccessToken = z.string().regex(/^[A-Za-z0-9_-]{32,128}$/, 'access token');

export const ZSignatureAccessToken = z.object({ accessToken: z.string(), tokenType: z.literal('signature'), expiresIn: z.number().int() });
export const ZSignatureCodeSent = z.object({ sent: z.literal(true), maskedTarget: z.string(), expiresInSeconds: z.number().int() });
export const ZSignatureSerial = z.object({
  serialNumber: z.string(),
  signedAt: isoDateTime(),
  userCode: z.string(),
  realName: z.string(),
  bizType: z.string().nullable(),
  bizId: z.string().nullable(),
});
export type SignatureSerial = z.infer<typeof ZSignatureSerial>;

const SSL = '/base_api/base/api/invokeSsl';

export const signatureCalls = {
  qryAccessToken: defineCall({
    method: 'POST',
    path: `${SSL}/qryAccessToken`,
    requestKind: 'json',
    request: z.object({}).passthrough(),
    data: ZSignatureAccessToken,
    permission: 'login',
    write: true,
    summary: 'Open a signing session for the signed-in user: an access token valid for 30 minutes',
    fromSpec: true,
  }),
  sendVerificationCode: defineCall({
    method: 'POST',
    path: `${SSL}/sendVerificationCode`,
    requestKind: 'json',
    request: z.object({ accessToken: ZAccessToken }),
    data: ZSignatureCodeSent,
    permission: 'login',
    write: true,
    summary: 'Send the signer a one-time confirmation code (5 minutes, 5 tries, once a minute) by mail',
    fromSpec: true,
  }),
  getSerialNumber: defineCall({
    method: 'POST',
    path: `${SSL}/getSerialNumber`,
    requestKind: 'json',
    request: z.object({
      accessToken: ZAccessToken,
      validCode: z
        .string()
        .trim()
        .regex(/^\d{6}$/, '6 digits'),
      bizType: optionalText(64),
      bizId: optionalText(64),
    }),
    data: ZSignatureSerial,
    permission: 'login',
    write: true,
    summary: 'Confirm a signature with the code: answers its unique serial number (the session then ends)',
    fromSpec: true,
  }),
};
