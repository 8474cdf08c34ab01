import { describe, expect, it } from 'vitest';
import { firstParagraph } from './notification.jobs.ts';
import { pushServiceMatcher, topicOf } from './push.service.ts';
import { DEFAULT_PUSH_SERVICES } from './push.settings.ts';

describe('the push services a subscription may name (PUSH_SERVICES)', () => {
  const allowed = pushServiceMatcher(`${DEFAULT_PUSH_SERVICES},http://127.0.0.1:3100/push/send/`);

  it("takes the browsers' own services, and the sandbox's endpoints", () => {
    for (const endpoint of [
      'https://fcm.googleapis.com/fcm/send/abc:APA91b',
      'https://updates.push.services.mozilla.com/wpush/v2/gAAAA',
      'https://wns2-par02p.notify.windows.com/w/?token=BQYAAA',
      'https://web.push.apple.com/QGuQyavXutnMH',
      'https://FCM.googleapis.com/fcm/send/x',
      'http://127.0.0.1:3100/push/send/0b7c',
    ])
      expect(allowed(endpoint), endpoint).toBe(true);
  });

  it('refuses any other address, however it is dressed', () => {
    for (const endpoint of [
      'http://169.254.169.254/latest/meta-data/',
      'https://fcm.googleapis.com.evil.example/send/x',
      'https://evil.example/fcm.googleapis.com/',
      'https://user:pw@fcm.googleapis.com/fcm/send/x',
      'https://fcm.googleapis.com:8443/fcm/send/x',
      'https://fcm.googleapis.com/fcm/send/x#frag',
      'blob:https://fcm.googleapis.com/x',
      'http://fcm.googleapis.com/fcm/send/x',
      'https://a.b.notify.windows.com/w/',
      'http://127.0.0.1:3100/sandbox/api/bank/settle',
      'http://127.0.0.1:3101/push/send/0b7c',
      'not a url',
    ])
      expect(allowed(endpoint), endpoint).toBe(false);
  });

  it('takes a * for one label wherever it is', () => {
    const two = pushServiceMatcher('https://*.push.*.example');
    expect(two('https://a.push.b.example/x')).toBe(true);
    expect(two('https://a.push..example/x')).toBe(false);
    expect(two('https://a.pushxb.example/x')).toBe(false);
  });
});

describe("a notification's text", () => {
  it("is the email's first paragraph after the greeting", () => {
    expect(firstParagraph('Hi Mei,\n\nYou have used 80% of your data.\n\nSee it: https://x')).toBe(
      'You have used 80% of your data.',
    );
  });

  it('keeps whole sentences within 180 characters, and cuts a long first one between characters', () => {
    const long = `${'Your bill for November is ready. '.repeat(3)}Then ${'x'.repeat(150)}.`;
    expect(firstParagraph(`Hi,\n\n${long}`)).toBe('Your bill for November is ready. '.repeat(3).trim());
    const tamil = 'க்ஷ'.repeat(100);
    const cut = firstParagraph(`Hi,\n\n${tamil}`);
    expect(cut.endsWith('…')).toBe(true);
    expect(cut.length).toBeLessThanOrEqual(180);
    expect(tamil.startsWith(cut.slice(0, -1))).toBe(true);
    // It ends where a character as a reader sees it ends, not inside one (after the virama).
    const ends = [...new Intl.Segmenter(undefined, { granularity: 'grapheme' }).segment(tamil)].map(
      (g) => g.index + g.segment.length,
    );
    expect(ends).toContain(cut.length - 1);
  });
});

describe("a notification's topic, which its push service reads in clear", () => {
  it('is the same for the same tag, 32 characters of base64url, and names nothing the tag does', () => {
    const topic = topicOf('usage-81234567-data', 'private-key');
    expect(topic).toBe(topicOf('usage-81234567-data', 'private-key'));
    expect(topic).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(topic).not.toContain('81234567');
    expect(topic).not.toBe(topicOf('usage-81234567-roaming', 'private-key'));
    // Keyed: without the portal's key, a guessed number's topic is another.
    expect(topic).not.toBe(topicOf('usage-81234567-data', 'a guess'));
  });
});
