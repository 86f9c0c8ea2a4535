import fs from 'node:fs';
import path from 'node:path';
import nodemailer from 'nodemailer';
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
    const transport = nodemailer.createTransport(SMTP_URL);
    return async (mail) => {
      await transport.sendMail({ from: MAIL_FROM, to: mail.to, subject: mail.subject, text: mail.text });
    };
  }
  const dir = path.join(dataDir, 'mail');
  return async (mail) => {
    fs.mkdirSync(dir, { recursive: true });
    const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${Math.random().toString(36).slice(2, 8)}.txt`;
    fs.writeFileSync(path.join(dir, name), `From: ${MAIL_FROM}\nTo: ${mail.to}\nSubject: ${mail.subject}\n\n${mail.text}\n`);
    platform.log.info({ to: mail.to, subject: mail.subject, file: name }, 'mail written to DATA_DIR/mail (no SMTP_URL configured)');
  };
}

/** Works the `mail` topic of the outbox; any number of processes may run it (items are claimed once). */
export function startMailWorker(platform: Platform, everyMs = 3000): { stop(): void; runOnce(): Promise<number> } {
  const send = mailSender(platform);
  let busy = false;
  const runOnce = () => drain(platform.db, 'mail', (item) => send(item.payload));
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
