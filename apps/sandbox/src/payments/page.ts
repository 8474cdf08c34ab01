import type { SetupSession } from './gateway.ts';

const escapeHtml = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string,
  );

/** The gateway's hosted card form: the card number is typed here, on the gateway's own page. */
export function checkoutPage(
  session: SetupSession,
  opts: { error?: { field: string; message: string }; values?: Record<string, string> } = {},
): string {
  const v = (k: string) => escapeHtml(opts.values?.[k] ?? '');
  const field = (name: string, label: string, attrs: string) => {
    const invalid = opts.error?.field === name;
    return `<div class="field"><label for="${name}">${label}</label>
<input id="${name}" name="${name}" value="${name === 'cvc' ? '' : v(name)}" ${attrs}${invalid ? ` aria-invalid="true" aria-describedby="${name}-error"` : ''} required>
${invalid ? `<p class="error" id="${name}-error" role="alert">${escapeHtml(opts.error?.message ?? '')}</p>` : ''}</div>`;
  };
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Card details – Sandbox payments</title>
<style>body{font-family:system-ui,sans-serif;max-width:420px;margin:2rem auto;padding:0 1rem;color:#1a1b1e}
.field{margin:0 0 1rem}label{display:block;font-weight:600;margin-bottom:.25rem}input{width:100%;box-sizing:border-box;padding:.6rem;font-size:1rem;border:1px solid #868e96;border-radius:6px}
input[aria-invalid=true]{border-color:#c92a2a}.error{color:#c92a2a;margin:.25rem 0 0}.row{display:flex;gap:1rem}.row .field{flex:1}
button{width:100%;padding:.75rem;font-size:1rem;font-weight:600;background:#1864ab;color:#fff;border:0;border-radius:6px;cursor:pointer}
a{display:block;text-align:center;margin-top:1rem;color:#1864ab}.note{color:#495057;font-size:.9rem}</style></head>
<body><main><h1>Card details</h1>
<p class="note">Sandbox payment page. Test cards: 4242 4242 4242 4242 (approved), 4000 0000 0000 0127 (wrong details), 4000 0000 0000 9995 (insufficient funds); any future expiry and any 3 digits.</p>
<form method="post" action="/payments/checkout/${session.id}" novalidate>
${field('name', 'Name on card', 'autocomplete="cc-name" maxlength="100"')}
${field('number', 'Card number', 'autocomplete="cc-number" inputmode="numeric" maxlength="23"')}
<div class="row">${field('expiry', 'Expiry (MM/YY)', 'autocomplete="cc-exp" inputmode="numeric" maxlength="7" placeholder="MM/YY"')}
${field('cvc', 'Security code', 'autocomplete="cc-csc" inputmode="numeric" maxlength="4"')}</div>
<button type="submit">Save card</button></form>
<a href="${escapeHtml(session.cancelUrl)}">Cancel and go back</a></main></body></html>`;
}
