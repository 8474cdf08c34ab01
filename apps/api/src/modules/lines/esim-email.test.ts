import { LOCALE_TAGS, LOCALES } from '@selfcare/domain';
import { describe, expect, it } from 'vitest';
import { esimEmail } from './esim-email.ts';

const brand = { name: 'Selfcare Mobile', supportEmail: 'help@example.sg', supportPhone: '+65 6000 0000' };
const esim = {
  template: 'esim-profile' as const,
  name: 'Mei',
  msisdn: '81234567',
  activationCode: 'LPA:1$smdp.example.sg$ABC-123',
  installsLeft: 2,
  link: 'https://x.sg/manage/esim',
};

describe("a line's eSIM email", () => {
  it('is written in English word for word: the steps, the code and its parts, the installs left', () => {
    const m = esimEmail.render(brand, esim);
    expect(m.subject).toBe('Your eSIM for 81234567');
    expect(m.text).toBe(
      'Hi Mei,\n\nYour eSIM for 81234567 is ready to install.\n\n1. On your phone, open Settings, then Mobile data (or Connections), then Add eSIM.\n2. Scan the QR code below, or choose to enter the details manually.\n\nActivation code: LPA:1$smdp.example.sg$ABC-123\nSM-DP+ address: smdp.example.sg\nMatching ID: ABC-123\n\nYou can install 2 more free eSIM profiles for this line. Only one works at a time. Keep this email private: anyone with the code can install your eSIM.\n\nSee your eSIM: https://x.sg/manage/esim\n\nNeed help? Email help@example.sg or call +65 6000 0000.\nSelfcare Mobile',
    );
    expect(m.html).toContain(
      '<p>Activation code: <code>LPA:1$smdp.example.sg$ABC-123</code><br>SM-DP+ address: <code>smdp.example.sg</code><br>Matching ID: <code>ABC-123</code></p>',
    );
    expect(m.html).toContain('alt="QR code of your eSIM activation code"');
    expect(esimEmail.render(brand, { ...esim, installsLeft: 1 }).text).toContain(
      'You can install 1 more free eSIM profile for this line.',
    );
    expect(esimEmail.render(brand, { ...esim, installsLeft: 0 }).text).toContain(
      'You can install 0 more free eSIM profiles for this line.',
    );
  });

  it('is written in each language, the code and its parts as they are, and set apart as code', () => {
    for (const locale of LOCALES) {
      const m = esimEmail.render(brand, esim, locale);
      expect(m.html).toContain(`<html lang="${LOCALE_TAGS[locale]}">`);
      expect(m.html).toContain('<code>LPA:1$smdp.example.sg$ABC-123</code>');
      expect(m.html).toContain('<code>smdp.example.sg</code>');
      expect(m.html).toContain('<code>ABC-123</code>');
      expect(m.html).toContain('src="cid:esim-qr"');
      expect(m.text).toContain('LPA:1$smdp.example.sg$ABC-123');
      expect(m.text).toContain('https://x.sg/manage/esim');
    }
    const zh = esimEmail.render(brand, esim, 'zh');
    expect(zh.subject).toBe('您号码 81234567 的 eSIM');
    expect(zh.text).toContain(
      '激活码：LPA:1$smdp.example.sg$ABC-123\nSM-DP+ 地址：smdp.example.sg\n匹配 ID：ABC-123',
    );
    expect(zh.text).toContain(
      '此线路还可免费安装 2 个 eSIM 配置文件，但同一时间只有一个可以使用。请妥善保管这封邮件',
    );
    expect(zh.html).toContain('alt="您的 eSIM 激活码的二维码"');
    const ms = esimEmail.render(brand, esim, 'ms');
    expect(ms.subject).toBe('eSIM anda untuk 81234567');
    expect(ms.text).toContain('Anda boleh memasang 2 lagi profil eSIM percuma untuk talian ini.');
    expect(ms.text).toContain('Lihat eSIM anda: https://x.sg/manage/esim');
    // Tamil has a singular: one profile left is said so.
    expect(esimEmail.render(brand, { ...esim, installsLeft: 1 }, 'ta').text).toContain(
      'இந்த இணைப்புக்கு இன்னும் 1 இலவச eSIM புரொஃபைலை நிறுவலாம்.',
    );
    expect(esimEmail.render(brand, esim, 'ta').text).toContain('இன்னும் 2 இலவச eSIM புரொஃபைல்களை நிறுவலாம்.');
  });
});
