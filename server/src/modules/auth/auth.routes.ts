import { authCalls, PERM } from '@erp/contract';
import { hasDemoData } from '../../db/seed/demo-flag';
import { notFound } from '../../platform/errors';
import { implement } from '../../platform/http/context';
import type { ServerModule } from '../../platform/module';
import type { Platform } from '../../platform/platform';
import { AuthService, sessionUserOf } from './auth.service';
import { SingleSignOn } from './sso';
import { publicBase, registerSsoRoutes } from './sso.routes';

export const authModule: ServerModule = {
  name: 'auth',
  routes(platform) {
    const auth = new AuthService(platform);
    const sso = singleSignOnOf(platform);
    return implement(authCalls, {
      login: (input, ctx) => auth.login(input.username, input.password, ctx.req.ip, ctx.req.headers['user-agent'] ?? null),
      checkToken: (input) => auth.checkToken(input.token),
      logout: async (_input, ctx) => {
        await platform.sessions.revoke(ctx.user.sessionId);
        ctx.audit({ recordId: ctx.user.userId, after: { logout: true } });
        const endSessionUrl = await sso.endSessionUrl(publicBase(platform, ctx.req), { sessionId: ctx.user.sessionId });
        return endSessionUrl ? { endSessionUrl } : null;
      },
      currentUser: async (_input, ctx) => sessionUserOf(ctx.user),
      userInfoById: (input, ctx) => auth.userInfoById(ctx.user, input.userId),
      menuTree: async (input, ctx) => auth.menuTree(await auth.grantsFor(ctx.user, input.userId, PERM.menuList)),
      functionsByUser: async (input, ctx) => auth.functionsOf(await auth.grantsFor(ctx.user, input.userId, PERM.menuList), input.menuId),
      mySessions: async (_input, ctx) =>
        (await platform.sessions.listOf(ctx.user.userId)).map((r) => ({
          ...r,
          createdAt: r.createdAt.toISOString(),
          lastUsedAt: r.lastUsedAt.toISOString(),
          current: r.id === ctx.user.sessionId,
        })),
      endSession: async (input, ctx) => {
        if (!(await platform.sessions.revokeOwn(ctx.user.userId, input.id))) throw notFound('会话不存在或已结束');
        ctx.audit({ recordId: input.id, after: { sessionEnded: true } });
        return null;
      },
      systemInfo: async () => ({
        demoData: await hasDemoData(platform.db),
        sso: sso.enabled,
        passwordLogin: platform.config.PASSWORD_LOGIN === '1',
        ssoContact: platform.config.OIDC_CONTACT,
      }),
      updatePassword: async (input, ctx) => {
        await auth.changePassword(ctx.user, input.oldPassword, input.newPassword);
        ctx.audit({ recordId: ctx.user.userId, after: { passwordChanged: true } });
        return null;
      },
    });
  },
  setup(app, platform) {
    registerSsoRoutes(app, platform, singleSignOnOf(platform));
  },
};

/** One single sign-on service per app, shared by the JSON calls (logout) and the browser routes. */
function singleSignOnOf(platform: Platform): SingleSignOn {
  let sso = platform.services.get('sso') as SingleSignOn | undefined;
  if (!sso) {
    sso = new SingleSignOn(platform);
    platform.services.set('sso', sso);
  }
  return sso;
}
