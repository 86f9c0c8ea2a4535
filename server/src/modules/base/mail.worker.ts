import fs from 'node:fs';
import path from 'node:path';
import type { LiveEvent } from '@erp/contract';
import { onFirstUse } from '../../platform/lazy';
import { drain, type OutboxTopics } from '../../platform/outbox/outbox';
import type { Platform } from '../../platform/platform';

type Mail = OutboxTopics['mail'];
export type MailSender = (mail: Mail) => Promise<void>;

/**
 * Sends mail through SMTP_URL when it is set. Without it (development, demos, tests) each mail is
 * written to the log and as a .eml-like text file in DATA_DIR/mail/, so reset codes can be read there.
 */
export function mailSender(platform: Platform): MailSender {
  const { SMTP_URL, MAIL_FROM, dataDir } = platform.config;
  if (SMTP_URL) {
    // nodemailer is loaded by the first mail of a process that has SMTP_URL.
    const transport = onFirstUse(async () => (await import('nodemailer')).default.createTransport(SMTP_URL));
    return async (mail) => {
      await (await transport()).sendMail({
        from: MAIL_FROM,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        attachments: mail.attachments,
      });
    };
  }
  const dir = path.join(dataDir, 'mail');
  return async (mail) => {
    fs.mkdirSync(dir, { recursive: true });
    const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${Math.random().toString(36).slice(2, 8)}.txt`;
    const attached = (mail.attachments ?? []).map((a) => `\n--- ${a.filename} (${a.contentType}) ---\n${a.content}`).join('');
    fs.writeFileSync(path.join(dir, name), `From: ${MAIL_FROM}\nTo: ${mail.to}\nSubject: ${mail.subject}\n\n${mail.text}\n${attached}`);
    platform.log.info({ to: mail.to, subject: mail.subject, file: name }, 'mail written to DATA_DIR/mail (no SMTP_URL configured)');
  };
}

/** The live channel as far as mail needs it (the msg module registers it as service `live`). */
interface LivePush {
  send(to: number[], event: LiveEvent): Promise<void>;
}

/**
 * Works the `mail` topic of the outbox; any number of processes may run it (items are claimed once).
 * A mail that names its user is announced on that user's live channel as `mailMsg` with the
 * subject, after the claim is committed (a mail retried later is not announced twice).
 */
export function startMailWorker(platform: Platform, everyMs = 3000): { stop(): void; runOnce(): Promise<number> } {
  const send = mailSender(platform);
  let busy = false;
  const runOnce = async () => {
    const sent: Mail[] = [];
    const n = await drain(platform.db, 'mail', async (item) => {
      await send(item.payload);
      sent.push(item.payload);
    });
    const live = platform.services.get('live') as LivePush | undefined;
    for (const mail of sent) {
      if (live && mail.userId)
        await live
          .send([mail.userId], { type: 'mailMsg', content: mail.subject })
          .catch((err) => platform.log.warn({ err: String(err) }, 'mailMsg push failed'));
    }
    return n;
  };
  const timer = setInterval(() => {
    if (busy) return;
    busy = true;
    runOnce()
      .catch((err) => platform.log.warn({ err }, 'mail worker round failed'))
      .finally(() => {
        busy = false;
      });
  }, everyMs);
  timer.unref();
  return { stop: () => clearInterval(timer), runOnce };
}
