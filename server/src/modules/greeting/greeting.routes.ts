import { greetingCalls } from '@erp/contract';
import { BusinessCalendar } from '../../platform/business-time';
import { implement } from '../../platform/http/context';
import type { ServerModule } from '../../platform/module';
import type { FileService } from '../file/file.service';
import { GreetingRepository } from './greeting.repository';
import { GreetingService } from './greeting.service';

export const greetingModule: ServerModule = {
  name: 'greeting',
  routes(platform) {
    const greeting = new GreetingService(
      new GreetingRepository(platform.db),
      platform.db,
      () => platform.services.get('files') as FileService,
      new BusinessCalendar(platform.config.BUSINESS_TIME_ZONE),
    );
    platform.services.set('greeting', greeting);
    // Profile photos are uploaded with moduleName "avatar" and readable by everyone once set.
    (platform.services.get('files') as FileService | undefined)?.registerReader('avatar', (_user, file) => greeting.isCurrentAvatar(file.groupId));
    return implement(greetingCalls, {
      getFirstLoginInfo: (_input, ctx) => greeting.greetingInfo(ctx.user),
      getUserInfo: (_input, ctx) => greeting.profile(ctx.user),
      birthdayEmployeeList: (input, ctx) => greeting.birthdaysOfMonth(ctx.user, input),
      birthdayCurrentDayList: (_input, ctx) => greeting.birthdaysToday(ctx.user),
      blessing: async ({ userId, content }, ctx) => {
        const result = await greeting.bless(ctx.user, userId, content);
        ctx.audit({ recordId: result.id, after: { toUserId: userId } });
        return result;
      },
      getReplenishPresonInfo: ({ id, employeeId }, ctx) => greeting.extraInfo(ctx.user, employeeId ?? id),
      saveCapsule: async ({ content }, ctx) => {
        const capsule = await greeting.saveCapsule(ctx.user, content);
        ctx.audit({ recordId: capsule.id, after: { year: capsule.year } });
        return capsule;
      },
      getTimeCapsule: (_input, ctx) => greeting.capsule(ctx.user),
      getEmpIdByCode: async ({ userCode }) => ({ employeeId: await new GreetingRepository(platform.db).employeeIdByUserCode(userCode) }),
      getMaterialList: ({ employeeId, category }, ctx) => greeting.materials(ctx.user, employeeId, category),
      saveAvatar: async ({ fileId }, ctx) => greeting.saveAvatar(ctx.user, fileId),
    });
  },
};
