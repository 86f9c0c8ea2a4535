import { SIGNATURE_CODE_TTL_SECONDS, signatureCalls } from '@erp/contract';
import { BusinessCalendar } from '../../platform/business-time';
import { implement } from '../../platform/http/context';
import type { ServerModule } from '../../platform/module';
import { SignatureService } from './signature.service';

export const signatureModule: ServerModule = {
  name: 'signature',
  routes(platform) {
    const signatures = new SignatureService(platform.db, new BusinessCalendar(platform.config.BUSINESS_TIME_ZONE));
    return implement(signatureCalls, {
      qryAccessToken: async (_input, ctx) => {
        const session = await signatures.openSession(ctx.user);
        // The audit keeps the session, never the token.
        ctx.audit({ recordId: session.sessionId, after: { expiresIn: session.expiresIn } });
        return { accessToken: session.token, tokenType: 'signature' as const, expiresIn: session.expiresIn };
      },
      sendVerificationCode: async (input, ctx) => {
        const sent = await signatures.sendCode(ctx.user, input.accessToken);
        ctx.audit({ recordId: sent.sessionId, after: { maskedTarget: sent.maskedTarget } });
        return { sent: true as const, maskedTarget: sent.maskedTarget, expiresInSeconds: SIGNATURE_CODE_TTL_SECONDS };
      },
      getSerialNumber: async (input, ctx) => {
        const signature = await signatures.confirm(ctx.user, input);
        ctx.audit({ recordId: signature.serialNumber, after: signature });
        return signature;
      },
    });
  },
};
