import { describe, expect, it } from 'vitest';
import { renderUsageAlertSms, usageEmails } from './usage-emails.ts';

const brand = { name: 'Selfcare Mobile', supportEmail: 'help@example.sg', supportPhone: '+65 6000 0000' };
const alert = {
  template: 'usage-alert' as const,
  name: 'Mei',
  msisdn: '91234567',
  where: 'data' as const,
  left: '2 GB',
  size: '10 GB',
  stopsAtLimit: false,
  link: 'https://x.sg/usage',
};

describe("usage's alert email", () => {
  it('says how much is used and left, as the SMS does, with a link to the usage', () => {
    const m = usageEmails.render(brand, { ...alert, percent: 80 });
    expect(m.subject).toBe('80% of your data used on 91234567');
    expect(m.text).toContain('The line 91234567 has used 80% of your data this month; 2 GB left.');
    expect(m.text).toContain("This month's data: 2 GB left of 10 GB.");
    expect(m.text).toContain('See your usage: https://x.sg/usage');
    expect(renderUsageAlertSms(brand, { ...alert, percent: 80 })).toBe(
      'Selfcare Mobile: you have used 80% of your data this month; 2 GB left.',
    );
  });

  it('says what happens at the limit: stopped as asked, or charged out of bundle', () => {
    expect(usageEmails.render(brand, { ...alert, percent: 100 }).subject).toBe(
      'All your data used on 91234567',
    );
    expect(renderUsageAlertSms(brand, { ...alert, percent: 100, stopsAtLimit: true })).toContain(
      'Data is stopped until it renews or you add more, as you asked.',
    );
  });
});

describe("usage's alert in the customer's language (ADR 0055)", () => {
  it('writes the email and the SMS in Chinese, Malay and Tamil, with the same facts', () => {
    const zh = usageEmails.render(brand, { ...alert, percent: 80 }, 'zh');
    expect(zh.subject).toBe('线路 91234567 已使用 80% 的数据');
    expect(zh.text).toContain('本月线路 91234567 已使用 80% 的数据，剩余 2 GB。');
    expect(zh.text).toContain('本月数据：共 10 GB，剩余 2 GB。');
    expect(zh.text).toContain('查看用量：https://x.sg/usage');
    expect(zh.html).toContain('<html lang="zh-Hans-SG">');
    expect(renderUsageAlertSms(brand, { ...alert, percent: 80 }, 'zh')).toBe(
      'Selfcare Mobile：本月您已使用 80% 的数据，剩余 2 GB。',
    );

    const ms = usageEmails.render(brand, { ...alert, where: 'roaming data', percent: 100 }, 'ms');
    expect(ms.subject).toBe('Semua data perayauan anda telah digunakan pada 91234567');
    expect(ms.text).toContain('Data tambahan dicaj di luar pelan hingga diperbaharui');
    expect(ms.text).toContain('Lihat penggunaan anda: https://x.sg/usage');
    expect(
      renderUsageAlertSms(brand, { ...alert, where: 'roaming data', percent: 100, stopsAtLimit: true }, 'ms'),
    ).toBe(
      'Selfcare Mobile: anda telah menggunakan semua data perayauan bulan ini. Data dihentikan hingga diperbaharui atau anda menambah lagi, seperti yang anda minta.',
    );

    const ta = usageEmails.render(brand, { ...alert, percent: 100, stopsAtLimit: true }, 'ta');
    expect(ta.subject).toBe('91234567 இணைப்பில் உங்கள் டேட்டா முழுவதும் பயன்படுத்தப்பட்டது');
    expect(ta.text).toContain('வணக்கம் Mei,');
    expect(ta.text).toContain('இந்த மாத டேட்டா: மொத்தம் 10 GB, மீதம் 2 GB.');
    expect(renderUsageAlertSms(brand, { ...alert, percent: 80 }, 'ta')).toBe(
      'Selfcare Mobile: இம்மாதம் உங்கள் டேட்டா 80% பயன்படுத்தியுள்ளீர்கள்; 2 GB மீதமுள்ளது.',
    );
  });
});
