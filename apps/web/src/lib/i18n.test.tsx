// @own-modules: it reads the texts before any feature has loaded its own, and switches language.

import { BillMessages, Messages } from '@selfcare/domain';
import { act, render, screen } from '@testing-library/react';
import { afterAll, describe, expect, it } from 'vitest';
import zhCore from '../../../../packages/domain/src/locales/messages-core.zh.json';
import zhActivation from '../features/activation/locales/zh.json';
import zh from '../locales/zh.json';
import {
  argumentsOf,
  hasText,
  loadMessageTexts,
  setLanguage,
  t,
  textsReady,
  tm,
  useTranslation,
} from './i18n.ts';

/** A resend button counting down. */
function Resend() {
  const { t: translate } = useTranslation();
  return <button type="button">{translate('login.resendIn', { seconds: 42 })}</button>;
}

afterAll(() => setLanguage('en'));

describe('t', () => {
  it('fills in every argument of the message, numbers included', () => {
    expect(t('header.home', { brand: 'Circles' })).toBe('Circles home');
    expect(t('footer.copyright', { year: 2026, brand: 'Circles' })).toBe(
      '© 2026 Circles. All rights reserved.',
    );
    expect(t('login.otpDigit', { n: 3, of: 6 })).toBe('Digit 3 of 6');
    expect(t('login.resendIn', { seconds: 0 })).toBe('Resend code in 0 s');
  });

  it('shows the default text, else the key itself, for a text that does not exist', () => {
    expect(t('login.nothingHere', { defaultValue: 'Log in' })).toBe('Log in');
    expect(t('login.nothingHere')).toBe('login.nothingHere');
    expect(t('no.such.namespace.key')).toBe('no.such.namespace.key');
  });

  it('does not show a group of texts as if it were one', () => {
    expect(t('login.tabs')).toBe('login.tabs');
    expect(t('login.tabs.password')).toBe('Email and password');
    expect(t('login.title.more')).toBe('login.title.more');
  });

  it("knows a feature's texts once the code that uses them has loaded", async () => {
    expect(hasText('activation.scanned')).toBe(false);
    await import('../features/activation/texts.ts');
    await textsReady();
    expect(t('activation.scanned', { iccid: '8965012611220000018' })).toBe(
      'Barcode scanned: 8965012611220000018. Check the number below, then activate.',
    );
    expect(t('activation.lineState.activating')).toBe('Activating');
  });

  it("names a message's arguments", () => {
    expect(argumentsOf('footer.copyright').sort()).toEqual(['brand', 'year']);
    expect(argumentsOf('login.submit')).toEqual([]);
  });
});

describe('languages', () => {
  it('switches every loaded text, the page with them, and names the language to the page', async () => {
    render(<Resend />);
    expect(screen.getByRole('button', { name: 'Resend code in 42 s' })).toBeTruthy();
    await act(() => setLanguage('zh'));
    expect(document.documentElement.lang).toBe('zh-Hans-SG');
    expect(t('login.submit')).toBe(zh.login.submit);
    expect(t('activation.lineState.activating')).toBe(zhActivation.lineState.activating);
    expect(screen.getByRole('button').textContent).toBe(zh.login.resendIn.replace('{seconds}', '42'));
  });

  it('loads a feature in the language being read', async () => {
    await setLanguage('zh');
    const { default: zhNumbers } = await import('../components/numbers/locales/zh.json');
    await import('../components/numbers/texts.ts');
    await textsReady();
    expect(t('numbers.searchNumbers')).toBe(zhNumbers.searchNumbers);
  });

  it('ends in the last language asked for when two switches overlap', async () => {
    await Promise.all([setLanguage('ta'), setLanguage('en')]);
    expect(t('login.submit')).toBe('Log in');
    expect(document.documentElement.lang).toBe('en-SG');
  });

  it("says the domain's messages in the language being read, English as the spec writes them", async () => {
    await setLanguage('en');
    expect(tm(Messages.required('Email'))).toBe('Email is required');
    await setLanguage('zh');
    const zh = zhCore as Record<string, string>;
    expect(tm(Messages.invalidLogin)).toBe(zh[Messages.invalidLogin]);
    expect(tm(Messages.required('Email'))).toBe(
      (zh['{field} is required'] as string).replace('{field}', zh.Email as string),
    );
    // A signed-in page's messages come with it.
    expect(tm(BillMessages.paid)).toBe(BillMessages.paid);
    await loadMessageTexts(
      'more',
      import.meta.glob('../../../../packages/domain/src/locales/messages.*.json', { import: 'default' }),
    );
    expect(tm(BillMessages.paid)).not.toBe(BillMessages.paid);
    expect(tm('Plus 35')).toBe('Plus 35');
  });

  it('reads English for a language the portal does not have', async () => {
    await setLanguage('xx' as never);
    expect(document.documentElement.lang).toBe('en-SG');
    expect(t('login.submit')).toBe('Log in');
  });
});
