import { baseCalls } from '@erp/contract';
import { eq } from 'drizzle-orm';
import { users } from '../../db/schema';
import { badRequest } from '../../platform/errors';
import { implement } from '../../platform/http/context';
import { langOf } from '../../platform/http/i18n';
import { sendJsonData } from '../../platform/http/json-answer';
import type { ServerModule } from '../../platform/module';
import { prunePersonalReads } from '../../platform/privacy/personal-data';
import { exportColumns } from '../../platform/resource/labels';
import { sendXlsx } from '../../platform/resource/xlsx-export';
import { sendImportReport } from '../../platform/resource/xlsx-import';
import { AppReleaseService } from './app-release.service';
import { auditResource, demandSupplyResource, interviewerResource } from './base.resources';
import { controlSettingsRoutes } from './control-settings';
import { DictionaryService } from './dictionary.service';
import { startMailWorker } from './mail.worker';
import { MenuService } from './menu.service';
import { OrgService } from './org.service';
import { PasswordResetService } from './password-reset.service';
import { privacyRoutes } from './personal-data-reads';
import { recordHistoryRoutes } from './record-history.routes';
import { RoleService } from './role.service';
import { listShortcuts, saveShortcuts } from './shortcut.service';
import { UserService } from './user.service';

export const baseModule: ServerModule = {
  name: 'base',
  routes(platform) {
    const db = platform.db;
    const dictionaries = new DictionaryService(platform);
    platform.services.set('dictionaries', dictionaries);
    const orgs = new OrgService(db);
    const usersService = new UserService(platform, orgs, dictionaries);
    const rolesService = new RoleService(db);
    const menusService = new MenuService(db);
    const reset = new PasswordResetService(platform);
    const apps = new AppReleaseService(db);

    /** An interviewer must be an enabled user the editor may see. */
    const interviewerUser = async (userId: number) => {
      const [u] = await db.select({ id: users.id, enabled: users.enabled }).from(users).where(eq(users.id, userId));
      if (!u?.enabled) throw badRequest('用户不存在或已停用');
    };

    return [
      ...privacyRoutes(platform),
      ...controlSettingsRoutes(platform),
      ...recordHistoryRoutes(platform),
      ...implement(baseCalls, {
        // Dictionaries
        getDict: async (input) => ({ codeType: input.codeType, dictOutDtos: await dictionaries.options(input.codeType) }),
        getDicts: async (input) => Object.fromEntries(await dictionaries.optionsOf([...(input.codeTypes ?? []), ...(input.codeType ?? [])])),
        getDictInfo: async (input) => ({ codeType: input.codeType, dictOutDtos: await dictionaries.allOptions(input.codeType) }),
        dictTypePage: (input) => dictionaries.page(input),
        dictTypeInfo: (input) => dictionaries.info(input),
        dictTypeAdd: (input, ctx) => dictionaries.addType(input, ctx),
        dictTypeUpdate: (input, ctx) => dictionaries.updateType(input.id, input, ctx),
        dictTypeChangeStatus: async (input, ctx) => {
          await dictionaries.changeStatus(input, ctx);
          return null;
        },
        dictTypeCheck: (input) => dictionaries.check(input),
        dictItemAdd: (input, ctx) => dictionaries.addItem(input, ctx),
        dictItemUpdate: (input, ctx) => dictionaries.updateItem(input.id, input, ctx),

        // Users
        getUserInfoByCode: (input, ctx) => usersService.byCode(input.userCode, ctx.user),
        getRoleByUserCode: (input, ctx) => usersService.rolesByCode(input.userCode, ctx.user),
        dimQueryUser: (input, ctx) => usersService.search(input, ctx.user),
        saveAppIndexCustom: (input, ctx) => saveShortcuts(db, ctx.user, input.menuIds),
        getAppIndexCustomList: (_input, ctx) => listShortcuts(db, ctx.user),
        userPage: (input, ctx) => usersService.page(input, ctx.user),
        userInfo: (input, ctx) => usersService.detail(input.id, ctx.user),
        userAdd: (input, ctx) => usersService.add(input, ctx),
        userUpdate: (input, ctx) => usersService.update(input.id, input, ctx),
        userChangeStatus: async (input, ctx) => {
          await usersService.changeStatus(input, ctx);
          return null;
        },
        userResetPassword: (input, ctx) => usersService.resetPassword(input.id, ctx),
        userAssignRoles: (input, ctx) => usersService.assignRoles(input, ctx),
        userExport: (input, ctx) => usersService.export(input, ctx, langOf(ctx.req)),
        userImportTemplate: (_input, ctx) => usersService.template(ctx.reply),
        userImport: (input, ctx) => usersService.import(ctx.files.find((f) => f.fieldname === 'file') ?? ctx.files[0], input.confirm, ctx),
        importReport: (input, ctx) => sendImportReport(platform, ctx.user, input.id, ctx.reply),

        // Password reset
        sendValidCode: async (input, ctx) => {
          const answer = await reset.sendCode(input.userCode, ctx.req.ip);
          ctx.audit({ recordId: null, after: { userCode: input.userCode } });
          return answer;
        },
        resetPass: async (input, ctx) => {
          const userId = await reset.reset(input.userCode, input.validCode, input.newPassword, ctx.req.ip);
          ctx.audit({ recordId: userId, after: { userCode: input.userCode, passwordReset: true } });
          return null;
        },

        // App releases and banks
        getAppDownLoadImage: (input) => apps.latest(input.platform),
        appSelectPage: (input) => apps.page(input),
        getBank: (input) => dictionaries.banks(input.keyword ?? input.bankName),

        // Organisation
        // 2,000 units: the tree is kept serialised per organisation version, not serialised per call.
        orgTree: async (input, ctx) => sendJsonData(ctx, baseCalls.orgTree, await orgs.treeJson(input)),
        getUserCompany: (input, ctx) => orgs.userCompany(ctx.user, input.userCode),
        getOrgNameByIds: (input) => orgs.namesByIds(input.ids),
        getCompanyList: (input) => orgs.companies({ keyword: input.keyword, client: false }),
        getDeptById: (input) => orgs.deptById(input.id),
        getStationDept: (input, ctx) => orgs.stationDepts(ctx.user, input),
        getClientCompany: (input) => orgs.companies({ keyword: input.keyword, client: true }),
        getSubsetList: (input) => orgs.children(input.id),
        getDepartSubsetList: (input) => orgs.subtree(input.id),
        orgAdd: (input, ctx) => orgs.add(input, ctx),
        orgUpdate: (input, ctx) => orgs.update(input.id, input, ctx),
        orgMove: (input, ctx) => orgs.move(input, ctx),
        orgDelete: async (input, ctx) => {
          await orgs.remove(input.id, ctx);
          return null;
        },

        // Roles
        rolePage: (input) => rolesService.page(input),
        roleList: () => rolesService.list(),
        roleInfo: (input) => rolesService.detail(input.id),
        roleAdd: (input, ctx) => rolesService.add(input, ctx),
        roleUpdate: (input, ctx) => rolesService.update(input.id, input, ctx),
        roleChangeStatus: async (input, ctx) => {
          await rolesService.changeStatus(input, ctx);
          return null;
        },
        roleDelete: async (input, ctx) => {
          await rolesService.remove(input.id, ctx);
          return null;
        },
        roleGrantMenus: (input, ctx) => rolesService.grantMenus(input, ctx),
        roleDataScope: (input, ctx) => rolesService.setDataScope(input, ctx),

        // Menus
        menuTreeAll: (input) => menusService.tree(input),
        menuAdd: (input, ctx) => menusService.add(input, ctx),
        menuUpdate: (input, ctx) => menusService.update(input.id, input, ctx),
        menuDelete: async (input, ctx) => {
          await menusService.remove(input.id, ctx);
          return null;
        },

        // Audit log
        auditPage: (input) => auditResource.page(db, input, null),

        // Interviewers
        // Everyone arranging an interview picks from all enabled interviewers (no data scope on purpose).
        getInterviewerList: (input) =>
          interviewerResource.list(db, { keyword: input.keyword, round: input.round, orgId: input.orgId, enabled: true }, null, { limit: 500 }),
        getInterviewerPageList: (input, ctx) => interviewerResource.page(db, input, ctx.user),
        addInterviewer: async (input, ctx) => {
          await interviewerUser(input.userId);
          const [u] = await db.select({ orgId: users.orgId }).from(users).where(eq(users.id, input.userId));
          await interviewerResource.assertOrgInScope(db, ctx.user, u?.orgId);
          return interviewerResource.add(
            db,
            { userId: input.userId, round: input.round, expertise: input.expertise ?? null, enabled: input.enabled ?? true, remark: input.remark ?? null },
            ctx,
          );
        },
        updateInterviewer: (input, ctx) =>
          interviewerResource.update(
            db,
            input.id,
            {
              round: input.round,
              expertise: input.expertise ?? null,
              remark: input.remark ?? null,
              ...(input.enabled === undefined ? {} : { enabled: input.enabled }),
            },
            ctx,
          ),
        interviewerExport: async (input, ctx) => {
          const lang = langOf(ctx.req);
          return sendXlsx(ctx.reply, {
            filename: lang === 'en' ? 'interviewers.xlsx' : '面试官.xlsx',
            sheet: lang === 'en' ? 'Interviewers' : '面试官',
            columns: await exportColumns(platform, interviewerResource.spec.meta, lang),
            batches: interviewerResource.batches(db, input, ctx.user),
          });
        },

        // Demand supply
        demandSupplySelectPage: (input, ctx) => demandSupplyResource.page(db, input, ctx.user),
        demandSupplyDetail: (input, ctx) => demandSupplyResource.detail(db, input.id, ctx.user),
        demandSupplyAdd: async (input, ctx) => {
          await demandSupplyResource.assertOrgInScope(db, ctx.user, input.orgId);
          return demandSupplyResource.add(db, { ...input, email: input.email || null, enabled: input.enabled ?? true }, ctx);
        },
        demandSupplyUpdate: async (input, ctx) => {
          await demandSupplyResource.assertOrgInScope(db, ctx.user, input.orgId);
          const { id, ...values } = input;
          return demandSupplyResource.update(db, id, { ...values, email: values.email || null }, ctx);
        },
        demandSupplyExport: async (input, ctx) => {
          const lang = langOf(ctx.req);
          return sendXlsx(ctx.reply, {
            filename: lang === 'en' ? 'demand-suppliers.xlsx' : '需求供应商.xlsx',
            sheet: lang === 'en' ? 'Suppliers' : '需求供应商',
            columns: await exportColumns(platform, demandSupplyResource.spec.meta, lang),
            batches: demandSupplyResource.batches(db, input, ctx.user),
          });
        },
      }),
    ];
  },
  setup(app, platform) {
    const worker = startMailWorker(platform);
    platform.services.set('mailWorker', worker);
    app.addHook('onClose', async () => worker.stop());
    // The personal-data read log keeps its retention: pruned at start and once a day.
    const prune = () =>
      void prunePersonalReads(platform.db).catch((err) => platform.log.warn({ err: String(err) }, 'pruning the personal-data read log failed'));
    app.addHook('onReady', async () => prune());
    const daily = setInterval(prune, 24 * 60 * 60 * 1000);
    daily.unref();
    app.addHook('onClose', async () => clearInterval(daily));
  },
};
