import { authCalls, PERM } from '@erp/contract';
import { implement } from '../../platform/http/context';
import type { ServerModule } from '../../platform/module';
import { AuthService, sessionUserOf } from './auth.service';

export const authModule: ServerModule = {
  name: 'auth',
  routes(platform) {
    const auth = new AuthService(platform);
    return implement(authCalls, {
      login: (input, ctx) => auth.login(input.username, input.password, ctx.req.ip, ctx.req.headers['user-agent'] ?? null),
      checkToken: (input) => auth.checkToken(input.token),
      logout: async (_input, ctx) => {
        await platform.sessions.revoke(ctx.user.sessionId);
        ctx.audit({ recordId: ctx.user.userId, after: { logout: true } });
        return null;
      },
      currentUser: async (_input, ctx) => sessionUserOf(ctx.user),
      userInfoById: (input, ctx) => auth.userInfoById(ctx.user, input.userId),
      menuTree: async (input, ctx) => auth.menuTree(await auth.grantsFor(ctx.user, input.userId, PERM.menuList)),
      functionsByUser: async (input, ctx) => auth.functionsOf(await auth.grantsFor(ctx.user, input.userId, PERM.menuList), input.menuId),
      updatePassword: async (input, ctx) => {
        await auth.changePassword(ctx.user, input.oldPassword, input.newPassword);
        ctx.audit({ recordId: ctx.user.userId, after: { passwordChanged: true } });
        return null;
      },
    });
  },
};
