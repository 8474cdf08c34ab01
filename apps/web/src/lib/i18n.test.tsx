// @own-modules: it reads the texts before any feature has added its own.
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { activationEn } from '../features/activation/locales.ts';
import { addResources, setLanguage, t, useTranslation } from './i18n.ts';

/** A resend button counting down. */
function Resend() {
  const { t: translate } = useTranslation();
  return <button type="button">{translate('login.resendIn', { seconds: 42 })}</button>;
}

describe('t', () => {
  it('fills in {{name}} placeholders, every one of them, numbers included', () => {
    expect(t('header.home', { brand: 'Circles' })).toBe('Circles home');
    expect(t('footer.copyright', { year: 2026, brand: 'Circles' })).toBe(
      '© 2026 Circles. All rights reserved.',
    );
    expect(t('login.otpDigit', { n: 3, of: 6 })).toBe('Digit 3 of 6');
    expect(t('login.resendIn', { seconds: 0 })).toBe('Resend code in 0 s');
  });

  it('never shows a bare placeholder: a value not given is left empty', () => {
    expect(t('mobile.hello')).toBe('Hello ');
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

  it("knows a feature's texts once the feature has added them", () => {
    expect(t('activation.scanned', { iccid: '8965012611220000018' })).toBe('activation.scanned');
    addResources('en', 'activation', activationEn);
    expect(t('activation.scanned', { iccid: '8965012611220000018' })).toBe(
      'Barcode scanned: 8965012611220000018. Check the number below, then activate.',
    );
    expect(t('activation.lineState.activating')).toBe('Activating');
  });
});

describe('languages', () => {
  it('falls back to English for a language the portal does not have, and says so to the page', () => {
    document.documentElement.lang = 'ms';
    setLanguage('ms');
    expect(document.documentElement.lang).toBe('en');
    expect(t('login.submit')).toBe('Log in');
  });

  it('gives components the same texts through useTranslation', () => {
    render(<Resend />);
    expect(screen.getByRole('button', { name: 'Resend code in 42 s' })).toBeTruthy();
  });
});
