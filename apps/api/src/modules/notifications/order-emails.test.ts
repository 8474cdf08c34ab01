import { describe, expect, it } from 'vitest';
import { fulfilmentEmails } from '../fulfilment/fulfilment-emails.ts';
import { lineEmails } from '../lines/line-emails.ts';
import { ordersEmails } from '../orders/order-emails.ts';
import { EmailTemplates } from './email-registry.ts';
import type { EmailContent } from './module-emails.ts';

const brand = { name: 'Selfcare Mobile', supportEmail: 'help@example.sg', supportPhone: '+65 6000 0000' };
/** The order emails as the worker writes them: notifications' own beside the modules' groups. */
const templates = new EmailTemplates();
templates.add(ordersEmails);
templates.add(fulfilmentEmails);
templates.add(lineEmails);
const renderEmail = (b: typeof brand, content: EmailContent) => templates.render(b, content);

describe('order emails', () => {
  const order = { name: 'Mei', orderNumber: 'SC1001', link: 'https://x.sg/manage/orders/1' };
  const footer = '\n\nNeed help? Email help@example.sg or call +65 6000 0000.\nSelfcare Mobile';
  /** The whole plain-text email: greeting, paragraphs, link, footer. */
  const text = (paragraphs: string[], linkLabel = 'See your order', link = order.link) =>
    `Hi Mei,\n\n${paragraphs.join('\n\n')}\n\n${linkLabel}: ${link}${footer}`;

  it("sub-line-ordered: the 'Us' line, its user, number and plan, billed monthly with the account, and staff check it before the SIM is sent", () => {
    const line = {
      template: 'sub-line-ordered' as const,
      ...order,
      lineUser: 'Tan <Ah> Kow',
      msisdn: '81234567',
      portIn: false,
      planName: 'Lite 20GB',
      planCents: 2000,
      newNumberFeeCents: 1070,
      deliveryFeeCents: 550,
      typeSim: 0,
      deliveryMethod: 0,
      deliveryDate: '2026-11-25',
    };
    const m = renderEmail(brand, line);
    expect(m.subject).toBe("Your 'Us' line is ordered: order SC1001");
    expect(m.text).toBe(
      text([
        "Thank you for your order SC1001: an 'Us' line for Tan <Ah> Kow, with the new number 8123 4567, on the Lite 20GB plan at $20.00 a month.",
        'Nothing is charged now. The line is billed monthly with your account, from the day it is live; its one-off fees (new number fee $10.70, delivery $5.50) go on your next bill then.',
        "What happens next: our staff check the order and the details of the line's user. Then we send the SIM (Home Delivery, planned for Wednesday, 25 November 2026) and email you when it is on its way.",
      ]),
    );
    expect(m.html).toContain('Tan &lt;Ah&gt; Kow');
    const esim = renderEmail(brand, {
      ...line,
      portIn: true,
      msisdn: '91234567',
      newNumberFeeCents: 0,
      deliveryFeeCents: 0,
      typeSim: 1,
      deliveryMethod: 2,
      deliveryDate: null,
    });
    expect(esim.text).toContain('with their own number 9123 4567, moving to us from their network,');
    expect(esim.text).toContain(
      'Nothing is charged now. The line is billed monthly with your account, from the day it is live.',
    );
    expect(esim.text).toContain('Then we email you the eSIM to install on their phone.');
  });

  it('order-rejected: the reason, the refund and a new order welcome', () => {
    const m = renderEmail(brand, {
      template: 'order-rejected',
      ...order,
      reason: 'The ID photo is of <someone> else',
      refundCents: 3050,
    });
    expect(m.subject).toBe('Your order was not approved: order SC1001');
    expect(m.text).toBe(
      text([
        'We could not approve your order SC1001.',
        'Reason: The ID photo is of <someone> else',
        'We are refunding $30.50 to your card. It can take up to 10 working days to appear.',
        'You are welcome to place a new order. If you have questions, contact us.',
      ]),
    );
    expect(m.html).toContain('Reason: The ID photo is of &lt;someone&gt; else');
    expect(m.html).toContain(`href="${order.link}"`);
    const nothingCharged = renderEmail(brand, {
      template: 'order-rejected',
      ...order,
      reason: 'x',
      refundCents: null,
    });
    expect(nothingCharged.text).not.toContain('refunding');
  });

  it('order-cancelled: the reason, the refund and the admin fee it carries', () => {
    const m = renderEmail(brand, {
      template: 'order-cancelled',
      ...order,
      reason: 'Customer asked to cancel',
      refundCents: null,
      adminFeeCents: 1700,
    });
    expect(m.subject).toBe('Your order was cancelled: order SC1001');
    expect(m.text).toBe(
      text([
        'Your order SC1001 has been cancelled.',
        'Reason: Customer asked to cancel',
        'As our terms say, a cancelled order carries the $17.00 admin fee, charged on your first bill.',
      ]),
    );
  });

  it('documents-requested: why, and a link to upload them', () => {
    const m = renderEmail(brand, {
      template: 'documents-requested',
      ...order,
      link: 'https://x.sg/uploadID',
      reason: 'The back of the ID is blurred',
    });
    expect(m.subject).toBe('Please upload your ID documents: order SC1001');
    expect(m.text).toBe(
      text(
        [
          'To approve your order SC1001, we need a clear copy of the front and back of your ID.',
          'Why: The back of the ID is blurred',
          'Log in and upload them. Your order goes ahead as soon as we have checked them.',
        ],
        'Upload ID documents',
        'https://x.sg/uploadID',
      ),
    );
    expect(m.html).toContain('>Upload ID documents</a>');
  });

  it('sim-on-its-way: the method, the day as Singapore writes it, the tracking code and whose ID to show', () => {
    const m = renderEmail(brand, {
      template: 'sim-on-its-way',
      ...order,
      deliveryMethod: 0,
      deliveryDate: '2026-11-25',
      trackingCode: 'NV-SG-12345678',
    });
    expect(m.subject).toBe('Your SIM is on its way: order SC1001');
    expect(m.text).toBe(
      text([
        'Your SIM for order SC1001 is on its way by Home Delivery, planned for Wednesday, 25 November 2026.',
        'Tracking code: NV-SG-12345678',
        'Please have your ID ready: the courier checks it on delivery.',
      ]),
    );
    const collect = renderEmail(brand, {
      template: 'sim-on-its-way',
      ...order,
      deliveryMethod: 4,
      deliveryDate: '2026-11-25',
      trackingCode: 'NV-0001',
    });
    expect(collect.text).toContain('on its way by Self-Collection, planned for Wednesday, 25 November 2026.');
    expect(collect.text).toContain('Bring your ID when you collect it.');
    // An added 'Us' line is registered to its user: they take the SIM, on their own ID.
    const us = {
      ...order,
      template: 'sim-on-its-way' as const,
      deliveryDate: '2026-11-25',
      trackingCode: 'NV-1',
    };
    expect(renderEmail(brand, { ...us, deliveryMethod: 0, lineUser: 'Tan Ah Kow' }).text).toContain(
      "Tracking code: NV-1\n\nThe SIM is for Tan Ah Kow's line: Tan Ah Kow receives it and shows the courier their own NRIC or FIN, the one the line is registered to.",
    );
    expect(renderEmail(brand, { ...us, deliveryMethod: 4, lineUser: 'Tan Ah Kow' }).text).toContain(
      "The SIM is for Tan Ah Kow's line: Tan Ah Kow collects it and shows their own NRIC or FIN, the one the line is registered to.",
    );
  });

  it('delivery-failed: the reason, and another delivery to come', () => {
    const m = renderEmail(brand, { template: 'delivery-failed', ...order, reason: 'Nobody at home' });
    expect(m.subject).toBe('We could not deliver your SIM: order SC1001');
    expect(m.text).toBe(
      text([
        'We could not deliver the SIM for order SC1001.',
        'Reason: Nobody at home',
        'We will contact you to arrange another delivery.',
      ]),
    );
  });

  it('lines-active: every line live, and the dashboard', () => {
    const link = 'https://x.sg/dashboard/local';
    const m = renderEmail(brand, { template: 'lines-active', ...order, link });
    expect(m.subject).toBe('Your line is active: order SC1001');
    expect(m.text).toBe(
      text(
        [
          'Active SIM successfully. Every line of order SC1001 is now active.',
          'See your usage and manage your lines in the portal.',
        ],
        'Open my dashboard',
        link,
      ),
    );
  });

  it('port-completed: the number is ours and the temporary one released', () => {
    const link = 'https://x.sg/manage/numberPort';
    const m = renderEmail(brand, { template: 'port-completed', ...order, link, msisdn: '90000002' });
    expect(m.subject).toBe('Your number has moved to us: order SC1001');
    expect(m.text).toBe(
      text(
        [
          'Your number 90000002 is now with us.',
          'The temporary number you used meanwhile has been released: people can reach you on your own number again.',
        ],
        'See your number porting',
        link,
      ),
    );
  });

  it("port-refused: the donor's reason and advice when it gave one", () => {
    const link = 'https://x.sg/manage/numberPort';
    const m = renderEmail(brand, {
      template: 'port-refused',
      ...order,
      link,
      msisdn: '90000002',
      refusal: 'id-mismatch',
    });
    expect(m.subject).toBe('Your number could not be moved: order SC1001');
    expect(m.text).toBe(
      text(
        [
          'Your network could not move 90000002 to us.',
          'Reason: The ID number does not match the donor network’s records.',
          'Check the ID number with your current network, correct it and submit again.',
        ],
        'See your number porting',
        link,
      ),
    );
    const unexplained = renderEmail(brand, {
      template: 'port-refused',
      ...order,
      link,
      msisdn: '90000002',
      refusal: null,
    });
    expect(unexplained.text).toBe(
      text(['Your network could not move 90000002 to us.'], 'See your number porting', link),
    );
  });

  it('order-update, for emails queued before the named templates, looks the same', () => {
    const named = renderEmail(brand, { template: 'delivery-failed', ...order, reason: 'Nobody at home' });
    const queued = renderEmail(brand, {
      template: 'order-update',
      ...order,
      subject: 'We could not deliver your SIM',
      paragraphs: [
        'We could not deliver the SIM for order SC1001.',
        'Reason: Nobody at home',
        'We will contact you to arrange another delivery.',
      ],
      linkLabel: 'See your order',
    });
    expect(queued).toEqual(named);
  });
});
