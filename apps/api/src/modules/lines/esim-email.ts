import type { Locale } from '@selfcare/domain';
import QRCode from 'qrcode';
import { z } from 'zod';
import type { Brand } from '../../config.ts';
import {
  button,
  defineEmailTemplates,
  escapeHtml,
  greeting,
  layout,
  type Rendered,
  textFooter,
} from '../notifications/index.ts';
import { texts } from './lines-texts.ts';

/**
 * A line's eSIM profile (ADR 0048): the activation code as text, and as a QR code attached to the
 * email and shown in it (cid:esim-qr); in the customer's language (ADR 0055).
 */
const schemas = [
  z.object({
    template: z.literal('esim-profile'),
    name: z.string(),
    msisdn: z.string(),
    activationCode: z.string(),
    installsLeft: z.number().int(),
    link: z.string(),
  }),
] as const;
export type EsimEmail = z.infer<(typeof schemas)[number]>;

declare module '../notifications/index.ts' {
  interface ModuleEmails {
    esim: EsimEmail;
  }
}

/** Stands for a value in a message whose HTML sets the value apart (as code): it survives escaping. */
const MARK = '\uE000';

/** The email, in the customer's language (ADR 0055). */
function render(brand: Brand, t: EsimEmail, locale: Locale = 'en'): Rendered {
  const say = (key: Parameters<typeof texts.t>[1], values?: Parameters<typeof texts.t>[2]) =>
    texts.t(locale, key, values);
  const subject = say('esim.subject', { msisdn: t.msisdn });
  const [, smdp = '', matching = ''] = t.activationCode.split('$');
  const hi = greeting(t.name, locale);
  const ready = say('esim.ready', { msisdn: t.msisdn });
  const steps = [say('esim.step1'), say('esim.step2')];
  const details = [
    { key: 'esim.activationCode', name: 'code', value: t.activationCode },
    { key: 'esim.smdp', name: 'address', value: smdp },
    { key: 'esim.matchingId', name: 'id', value: matching },
  ] as const;
  // Each detail's value as code, in the words of its language ('Activation code: <code>…</code>').
  const detailsHtml = details.map((d) =>
    escapeHtml(say(d.key, { [d.name]: MARK })).replace(MARK, `<code>${escapeHtml(d.value)}</code>`),
  );
  const keep = say('esim.private', { left: say('esim.left', { installsLeft: t.installsLeft }) });
  return {
    subject,
    html: layout(
      brand,
      subject,
      `<p>${escapeHtml(hi)}</p><p>${escapeHtml(ready)}</p><ol>${steps.map((x) => `<li>${escapeHtml(x)}</li>`).join('')}</ol>
<p><img src="cid:esim-qr" width="220" height="220" alt="${escapeHtml(say('esim.qrAlt'))}"></p>
<p>${detailsHtml.join('<br>')}</p>
<p>${escapeHtml(keep)}</p>${button(t.link, say('esim.see'))}`,
      locale,
    ),
    text: `${hi}\n\n${ready}\n\n1. ${steps[0]}\n2. ${steps[1]}\n\n${details.map((d) => say(d.key, { [d.name]: d.value })).join('\n')}\n\n${keep}\n\n${say('esim.seeText', { link: t.link })}${textFooter(brand, locale)}`,
  };
}

/** Its template, which the module adds to notifications' as it starts (ADR 0048). */
export const esimEmail = defineEmailTemplates<EsimEmail>({
  schemas,
  render,
  attachments: async (t) => [
    {
      filename: 'esim-qr.png',
      content: await QRCode.toBuffer(t.activationCode, { width: 440, margin: 2 }),
      cid: 'esim-qr',
      contentType: 'image/png',
    },
  ],
});
