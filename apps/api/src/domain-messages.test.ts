import { AccountDeletionMessages } from '@selfcare/domain/account-deletion';
import { LostSimMessages } from '@selfcare/domain/line-services';
import { describe, expect, it } from 'vitest';
import { messageIn, valueIn } from './domain-messages.ts';

describe("the API's messages in the reader's language", () => {
  it('write the days and months the API put in them as that language writes them', () => {
    expect(messageIn('zh', LostSimMessages.terminationScheduled('2026-12-31'))).toBe(
      '此线路将于2026年12月31日终止服务。如需补发 SIM 卡，请先取消终止服务。',
    );
    expect(messageIn('ms', AccountDeletionMessages.waitFinalBill('2026-11'))).toMatch(
      /November 2026.*1 Disember 2026/,
    );
    expect(messageIn('ta', AccountDeletionMessages.waitFinalBill('2026-11'))).toContain('நவம்பர் 2026');
  });

  it('leave other values, and English, as they are', () => {
    expect(valueIn('zh', '81000001')).toBe('81000001');
    expect(valueIn('zh', '32 November 2026')).toBe('32 November 2026');
    expect(valueIn('zh', 'May 2026')).toBe('2026年5月');
    expect(messageIn('en', LostSimMessages.terminationScheduled('2026-12-31'))).toBe(
      'This line is set to end on 31 December 2026. Cancel the termination first to replace its SIM.',
    );
  });
});
