import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { type Faults, SLOW_MS } from '../faults/faults.ts';
import type { InboxMessage, InboxStore } from '../inbox/store.ts';

const smtpError = (code: number, message: string) =>
  Object.assign(new Error(message), { responseCode: code });

/**
 * An SMTP server that accepts every message and files one inbox entry per recipient, unless the
 * fault switch says otherwise: 'down' refuses connections (421), 'error' refuses the message (451).
 * A message whose Message-ID a recipient's inbox already holds is accepted and not filed again, as a
 * mailbox that removes duplicates shows it once (a sender that retries after a lost answer sends the
 * same id); the entry counts its `copies`, so a resend stays visible.
 */
export function createSmtpServer(store: InboxStore, faults: Faults): SMTPServer {
  const filed = new Map<string, InboxMessage>();
  return new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    // The client is always on this machine: no reverse DNS lookup per connection.
    disableReverseLookup: true,
    size: 10 * 1024 * 1024,
    onConnect(_session, callback) {
      if (faults.current('smtp') === 'down') return callback(smtpError(421, 'Service not available'));
      if (faults.current('smtp') === 'slow') return void setTimeout(() => callback(), SLOW_MS);
      callback();
    },
    onData(stream, session, callback) {
      if (faults.current('smtp') === 'error') {
        stream.resume();
        return stream.on('end', () => callback(smtpError(451, 'Local error in processing')));
      }
      simpleParser(stream)
        .then((mail) => {
          const recipients = session.envelope.rcptTo.map((r) => r.address);
          for (const to of recipients) {
            const key = mail.messageId ? `${to}\n${mail.messageId}` : undefined;
            const earlier = key ? filed.get(key) : undefined;
            if (earlier) {
              // Shown once, and counted: a test can tell a resend from a message sent once.
              earlier.copies = (earlier.copies ?? 1) + 1;
              continue;
            }
            if (filed.size > 100_000) filed.clear();
            const filedMessage = store.add({
              channel: 'email',
              to,
              from: mail.from?.text ?? (session.envelope.mailFrom ? session.envelope.mailFrom.address : ''),
              subject: mail.subject ?? null,
              text: mail.text ?? '',
              html: typeof mail.html === 'string' ? mail.html : null,
            });
            if (key) filed.set(key, filedMessage);
          }
          callback();
        })
        .catch((err: Error) => callback(err));
    },
  });
}
