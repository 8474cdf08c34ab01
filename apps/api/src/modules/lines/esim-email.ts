import QRCode from 'qrcode';
import { z } from 'zod';
import type { Brand } from '../../config.ts';
import {
  button,
  defineEmailTemplates,
  escapeHtml,
  layout,
  type Rendered,
  textFooter,
} from '../notifications/index.ts';

/**
 * A line's eSIM profile (ADR 0048): the activation code as text, and as a QR code attached to the
 * email and shown in it (cid:esim-qr).
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

function render(brand: Brand, t: EsimEmail): Rendered {
  const subject = `Your eSIM for ${t.msisdn}`;
  const [, smdp = '', matching = ''] = t.activationCode.split('$');
  const steps = [
    'On your phone, open Settings, then Mobile data (or Connections), then Add eSIM.',
    'Scan the QR code below, or choose to enter the details manually.',
  ];
  const left = `You can install ${t.installsLeft} more free eSIM profile${t.installsLeft === 1 ? '' : 's'} for this line. Only one works at a time.`;
  return {
    subject,
    html: layout(
      brand,
      subject,
      `<p>Hi ${escapeHtml(t.name)},</p><p>Your eSIM for ${escapeHtml(t.msisdn)} is ready to install.</p><ol>${steps.map((x) => `<li>${escapeHtml(x)}</li>`).join('')}</ol>
<p><img src="cid:esim-qr" width="220" height="220" alt="QR code of your eSIM activation code"></p>
<p>Activation code: <code>${escapeHtml(t.activationCode)}</code><br>SM-DP+ address: <code>${escapeHtml(smdp)}</code><br>Matching ID: <code>${escapeHtml(matching)}</code></p>
<p>${escapeHtml(left)} Keep this email private: anyone with the code can install your eSIM.</p>${button(t.link, 'See your eSIM')}`,
    ),
    text: `Hi ${t.name},\n\nYour eSIM for ${t.msisdn} is ready to install.\n\n1. ${steps[0]}\n2. ${steps[1]}\n\nActivation code: ${t.activationCode}\nSM-DP+ address: ${smdp}\nMatching ID: ${matching}\n\n${left} Keep this email private: anyone with the code can install your eSIM.\n\nSee your eSIM: ${t.link}${textFooter(brand)}`,
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
