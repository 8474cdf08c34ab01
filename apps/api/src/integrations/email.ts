import nodemailer, { type Transporter } from 'nodemailer';
import { callOutside } from '../metrics.ts';

export interface OutgoingEmail {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Inline images the HTML names by `cid:`. */
  attachments?: { filename: string; content: Buffer; cid: string; contentType: string }[];
}

/** Sends email over SMTP to whatever server SMTP_URL names (the sandbox by default). */
export class EmailClient {
  private readonly transport: Transporter;

  constructor(
    smtpUrl: string,
    private readonly from: string,
    connections = 10,
  ) {
    // A few connections kept open and reused: a burst of email is not a connection per message. The
    // URL goes in the options (given first, it would take the timeouts for message defaults).
    this.transport = nodemailer.createTransport({
      url: smtpUrl,
      pool: true,
      maxConnections: connections,
      // A send ends within 25 s, under the 30 s after which its job is handed to another worker.
      connectionTimeout: 5_000,
      greetingTimeout: 5_000,
      socketTimeout: 15_000,
    });
  }

  async send(mail: OutgoingEmail, messageId?: string): Promise<void> {
    // A 5xx from the server is a refusal (a bad address); anything else is no answer, retried.
    await callOutside(
      'smtp',
      () => this.transport.sendMail({ from: this.from, ...mail, ...(messageId ? { messageId } : {}) }),
      (err) => ((err as { responseCode?: number }).responseCode ?? 0) >= 500,
    );
  }

  close(): void {
    this.transport.close();
  }
}
