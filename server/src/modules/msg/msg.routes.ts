import { msgCalls } from '@erp/contract';
import { BusinessCalendar } from '../../platform/business-time';
import { implement } from '../../platform/http/context';
import type { ServerModule } from '../../platform/module';
import { drain } from '../../platform/outbox/outbox';
import type { FileService } from '../file/file.service';
import { setupLive } from './live.routes';
import type { LiveChannel } from './live-channel';
import { MsgRepository } from './msg.repository';
import { MsgService } from './msg.service';

/** How often this process looks for workflow notices to deliver. */
const DRAIN_EVERY_MS = 1000;

function serviceOf(platform: Parameters<ServerModule['routes']>[0]): MsgService {
  let service = platform.services.get('msg') as MsgService | undefined;
  if (!service) {
    service = new MsgService(
      new MsgRepository(platform.db),
      platform.db,
      () => platform.services.get('files') as FileService,
      () => platform.services.get('live') as LiveChannel | undefined,
      new BusinessCalendar(platform.config.BUSINESS_TIME_ZONE),
    );
    platform.services.set('msg', service);
  }
  return service;
}

export const msgModule: ServerModule = {
  name: 'msg',
  routes(platform) {
    const msg = serviceOf(platform);
    return implement(msgCalls, {
      getMsgAllNumber: (_input, ctx) => msg.unreadCounts(ctx.user.userId),
      page: ({ msgType, readStatus, keyword, ...page }, ctx) => msg.inbox(ctx.user, { msgType, readStatus, keyword }, page),
      pageByMonth: ({ msgType, readStatus, keyword, ...page }, ctx) => msg.inboxByMonth(ctx.user, { msgType, readStatus, keyword }, page),
      getSystemMessageList: ({ limit }, ctx) => msg.carousel(ctx.user, limit),
      info: ({ messageId }, ctx) => msg.detail(ctx.user, messageId, false),
      infoAndUpdateReceiveReadStatus: async ({ messageId }, ctx) => {
        const detail = await msg.detail(ctx.user, messageId, true);
        ctx.audit({ recordId: messageId, after: { readStatus: '1' } });
        return detail;
      },
      receiveReadStatus: async (input, ctx) => ({ updated: await msg.markRead(ctx.user, input) }),
      updateTopFlag: async ({ messageId, topFlag }, ctx) => {
        await msg.setTop(ctx.user, messageId, topFlag === '1');
        return null;
      },
      delete: async ({ messageId, scope }, ctx) => {
        await msg.remove(ctx.user, messageId, scope);
        ctx.audit({ recordId: messageId, after: { deleted: scope } });
        return null;
      },
      add: async (input, ctx) => {
        const result = await msg.publish(ctx.user, input);
        ctx.audit({ recordId: result.messageId, after: { ...input, content: `${input.content.length} characters` } });
        return result;
      },
      roleOptions: () => msg.roleOptions(),
      update: async (input, ctx) => {
        const before = await msg.edit(ctx.user, input);
        ctx.audit({
          recordId: input.messageId,
          before: { title: before.title, topFlag: before.topFlag },
          after: { title: input.title, topFlag: input.topFlag },
        });
        return null;
      },
      upload: async (_input, ctx) => {
        const files = platform.services.get('files') as FileService;
        const [entry] = await files.upload(ctx.user, ctx.files, { moduleName: 'msg', functionName: 'attachment', maxFiles: 1 });
        return entry as NonNullable<typeof entry>;
      },
      managePage: ({ msgType, keyword, ...page }) => msg.published({ msgType, keyword }, page),
      manageInfo: ({ messageId }) => msg.publishedOne(messageId),
    });
  },

  async setup(app, platform) {
    const msg = serviceOf(platform);
    (platform.services.get('files') as FileService | undefined)?.registerReader('msg', (user, file) => msg.canReadAttachment(user, file.id));
    await setupLive(app, platform);

    // Workflow notices (outbox topic `notify`) become messages and pushes; any process may claim them.
    let running = false;
    let stopped = false;
    // Each push waits for the bus up to PUBLISH_WAIT_MS: with a stuck bus a batch of 50 took 50 s, and
    // a stopping process waited for all of it. The messages are stored; a push left out on stop is
    // made up by the clients' next read.
    const pushAll = async (pushes: Array<() => Promise<void>>) => {
      for (const push of pushes) {
        if (stopped) return;
        await push().catch((err) => platform.log.warn({ err: String(err) }, 'live push failed'));
      }
    };
    const work = async () => {
      if (running || stopped) return;
      running = true;
      try {
        for (;;) {
          const pushes: Array<() => Promise<void>> = [];
          const n = await drain(
            platform.db,
            'notify',
            async (item, tx) => {
              const push = await msg.fromNotice(tx, item.payload);
              if (push) pushes.push(push);
            },
            50,
            async (items, tx) => {
              pushes.push(
                await msg.fromNotices(
                  tx,
                  items.map((i) => i.payload),
                ),
              );
            },
          );
          await pushAll(pushes);
          if (n < 50 || stopped) break;
        }
        // Scheduled notices whose time has come (one at a time: a notice to everyone is ~50,000 rows).
        for (;;) {
          const pushes: Array<() => Promise<void>> = [];
          const n = await drain(
            platform.db,
            'msg.publish',
            async (item, tx) => {
              const push = await msg.publishFromOutbox(tx, item.payload);
              if (push) pushes.push(push);
            },
            1,
          );
          await pushAll(pushes);
          if (!n || stopped) break;
        }
        // Notices to everyone whose publishing call died before storing every copy (one at a time: ~50,000 rows each).
        for (;;) {
          const pushes: Array<() => Promise<void>> = [];
          const n = await drain(
            platform.db,
            'msg.copies',
            async (item, tx) => {
              const push = await msg.copiesFromOutbox(tx, item.payload);
              if (push) pushes.push(push);
            },
            1,
          );
          await pushAll(pushes);
          if (!n || stopped) break;
        }
      } catch (err) {
        if (!stopped) platform.log.warn({ err: String(err) }, 'notify drain failed');
      } finally {
        running = false;
      }
    };
    const timer = setInterval(work, DRAIN_EVERY_MS);
    timer.unref();
    platform.services.set('msg.drainNow', work);
    app.addHook('onClose', async () => {
      stopped = true;
      clearInterval(timer);
      while (running) await new Promise((r) => setTimeout(r, 20));
    });
  },
};
