import type { FastifyInstance } from 'fastify';
import type { InboxMessage, InboxStore } from './store.ts';

const escapeHtml = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string,
  );
const linkify = (s: string) =>
  escapeHtml(s).replace(/https?:\/\/[^\s<]+/g, (url) => `<a href="${url}">${url}</a>`);

/** An SMS's encoding and the messages it took, each billed as one SMS: 'UCS-2, 2 segments'. */
const smsCost = (m: InboxMessage) =>
  m.encoding
    ? ` <span>${m.encoding}, ${m.segments === 1 ? '1 segment' : `${m.segments} segments`}</span>`
    : '';

function page(messages: InboxMessage[], to: string | undefined): string {
  const rows = messages
    .map(
      (
        m,
      ) => `<article><header><strong>${m.channel === 'sms' ? 'SMS' : m.channel === 'push' ? 'Push' : 'Email'}</strong> to ${escapeHtml(m.to)}${smsCost(m)}
      <time datetime="${m.receivedAt}">${new Date(m.receivedAt).toLocaleString('en-SG', { timeZone: 'Asia/Singapore' })}</time></header>
      ${m.subject ? `<h2>${escapeHtml(m.subject)}</h2>` : ''}<pre>${linkify(m.text)}</pre></article>`,
    )
    .join('\n');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Sandbox inbox</title><style>body{font-family:system-ui,sans-serif;max-width:860px;margin:2rem auto;padding:0 1rem;color:#1a1b1e}
article{border:1px solid #ced4da;border-radius:8px;padding:1rem;margin:1rem 0}header{display:flex;gap:.5rem;flex-wrap:wrap;color:#495057}
h2{font-size:1.1rem;margin:.5rem 0}pre{white-space:pre-wrap;font-family:inherit}time{margin-left:auto}</style></head>
<body><main><h1>Sandbox inbox</h1><p>Email, SMS and push notifications the portal sent (a push is addressed to its subscription, decrypted). Newest first.</p>
<form method="get"><label>Recipient <input name="to" value="${escapeHtml(to ?? '')}" placeholder="email or +65 number"></label> <button>Filter</button></form>
${rows || '<p>No messages yet.</p>'}</main></body></html>`;
}

export function registerInboxRoutes(app: FastifyInstance, store: InboxStore) {
  app.get<{ Querystring: { to?: string } }>('/inbox', async (request, reply) => {
    reply.type('text/html; charset=utf-8');
    return page(store.list(request.query.to), request.query.to);
  });
  app.get<{ Querystring: { to?: string } }>('/inbox/api/messages', async (request) =>
    store
      .list(request.query.to)
      .map(({ id, channel, to, subject, text, html, receivedAt, copies, encoding, segments }) => ({
        id,
        channel,
        to,
        subject,
        text,
        html,
        receivedAt,
        // A message that arrived more than once with its Message-ID: shown once, its arrivals counted.
        ...(copies ? { copies } : {}),
        // An SMS: how the gateway sent it, and in how many messages.
        ...(encoding ? { encoding, segments } : {}),
      })),
  );
  app.delete('/inbox/api/messages', async () => {
    store.clear();
    return { cleared: true };
  });
}
