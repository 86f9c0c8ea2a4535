import { HELP_MSG, helpCalls } from '@erp/contract';
import { implement } from '../../platform/http/context';
import type { ServerModule } from '../../platform/module';
import type { FileService } from '../file/file.service';
import { warmSegmenter } from '../recruit/resume-text';
import {
  articleDetail,
  articlePage,
  canReadHelpFile,
  deleteArticle,
  deleteCategory,
  deleteUnanswered,
  listCategories,
  recordUnanswered,
  saveArticle,
  saveCategory,
  screenArticles,
  searchArticles,
  unansweredPage,
} from './help.service';
import { ANSWERS_A_QUESTION, aiConfigured, answer, composeAnswer, retrieve, streamChat } from './xiaode';

/** Help centre and the Xiaode assistant (docs/domain/help.md). */
export const helpModule: ServerModule = {
  name: 'help',
  async setup(_app, platform) {
    await warmSegmenter();
    (platform.services.get('files') as FileService | undefined)?.registerReader('help', (user, file) => canReadHelpFile(platform.db, user, file.groupId));
  },
  routes(platform) {
    const db = platform.db;
    const config = platform.config;
    return implement(helpCalls, {
      helpCategories: (_input, ctx) => listCategories(db, ctx.user),
      helpCategorySave: (input, ctx) => saveCategory(db, ctx.user, input),
      helpCategoryDelete: (input) => deleteCategory(db, input.id),
      helpArticlePage: (input, ctx) => articlePage(db, ctx.user, input),
      helpSearch: async (input, ctx) => {
        const found = await searchArticles(db, ctx.user, input.q, { limit: input.limit });
        // Nothing, or nothing holding half of the query: the article is still to be written.
        if (!found.rows.some((r) => (found.coverage.get(r.id) ?? 0) >= ANSWERS_A_QUESTION))
          await recordUnanswered(db, 'search', input.q, (err) => ctx.req.log.warn({ err }, 'help: unanswered question not kept'));
        return found.rows;
      },
      helpScreenArticles: () => screenArticles(db),
      helpUnansweredPage: (input) => unansweredPage(db, input),
      helpUnansweredDelete: (input, ctx) => {
        ctx.audit({ after: { ids: input.ids } });
        return deleteUnanswered(db, input.ids);
      },
      helpArticleDetail: (input, ctx) => articleDetail(db, ctx.user, input.id),
      helpArticleSave: async (input, ctx) => {
        const saved = await saveArticle(db, ctx.user, input);
        ctx.audit({ recordId: saved.id, after: { ...input, content: `${input.content.length} chars` } });
        return saved;
      },
      helpArticleDelete: (input, ctx) => deleteArticle(db, ctx.user, input.id),
      xiaodeAsk: async (input, ctx) => {
        const answered = await answer(db, config, ctx.user, input.question);
        if (!answered.passages.length && !answered.facts.length)
          await recordUnanswered(db, 'xiaode', input.question, (err) => ctx.req.log.warn({ err }, 'help: unanswered question not kept'));
        return answered;
      },
      xiaodeStream: async (input, ctx) => {
        const r = await retrieve(db, ctx.user, input.question, config.BUSINESS_TIME_ZONE);
        if (!r.passages.length && !r.facts.length)
          await recordUnanswered(db, 'xiaode', input.question, (err) => ctx.req.log.warn({ err }, 'help: unanswered question not kept'));
        const reply = ctx.reply;
        reply.hijack();
        const raw = reply.raw;
        raw.writeHead(200, {
          'content-type': 'text/event-stream; charset=utf-8',
          'cache-control': 'no-cache, no-transform',
          'x-content-type-options': 'nosniff',
          // Proxies (nginx) would otherwise hold the pieces back until the end.
          'x-accel-buffering': 'no',
        });
        const send = (event: string, data: unknown) => {
          if (!raw.destroyed && !raw.writableEnded) raw.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
        };
        // A reader who leaves stops the upstream request too.
        const gone = new AbortController();
        raw.on('close', () => gone.abort());
        send('context', { passages: r.passages, facts: r.facts });
        let text = '';
        let source: 'ai' | 'retrieval' = 'retrieval';
        if (aiConfigured(config)) {
          try {
            text = await streamChat(config, r, (piece) => send('delta', { text: piece }), gone.signal);
            if (text.trim()) source = 'ai';
          } catch (err) {
            ctx.req.log.warn({ err: String(err) }, 'xiaode: AI endpoint failed, answering from retrieval');
            if (!gone.signal.aborted) send('notice', { text: HELP_MSG.aiFailed });
          }
        }
        if (source === 'retrieval') {
          text = composeAnswer(r);
          send('delta', { text });
        }
        send('done', { question: input.question, answer: text, passages: r.passages, facts: r.facts, source });
        if (!raw.writableEnded) raw.end();
        return reply;
      },
    });
  },
};
