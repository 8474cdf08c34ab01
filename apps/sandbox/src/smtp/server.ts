import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import type { InboxStore } from '../inbox/store.ts';

/** An SMTP server that accepts every message and files one inbox entry per recipient. */
export function createSmtpServer(store: InboxStore): SMTPServer {
  return new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    size: 10 * 1024 * 1024,
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((mail) => {
          const recipients = session.envelope.rcptTo.map((r) => r.address);
          for (const to of recipients) {
            store.add({
              channel: 'email',
              to,
              from: mail.from?.text ?? (session.envelope.mailFrom ? session.envelope.mailFrom.address : ''),
              subject: mail.subject ?? null,
              text: mail.text ?? '',
              html: typeof mail.html === 'string' ? mail.html : null,
            });
          }
          callback();
        })
        .catch((err: Error) => callback(err));
    },
  });
}
