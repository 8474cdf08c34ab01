import { chooseLocale, type Locale } from '@selfcare/domain';
import { call } from './api.ts';
import { currentLanguage, setLanguage } from './i18n.ts';
import { session } from './session.ts';
import { storage } from './storage.ts';

/** A choice made in this tab before signing in, which the account keeps once they sign in. */
let chosenSignedOut: Locale | null = null;

/**
 * The language to open the portal in (ADR 0055): the signed-in customer's choice, else the one made on
 * this browser, else the browser's preference among ours, else the operator's default.
 */
export function firstLanguage(configured: string | null): Locale {
  return chooseLocale({
    chosen: session.get().user?.language ?? storage.language(),
    accepted: navigator.languages,
    configured,
  });
}

/**
 * The customer picks a language: the pages speak it, this browser keeps it, and a signed-in customer's
 * account keeps it for everything sent to them. Answers once the pages are in it.
 */
export async function chooseLanguage(locale: Locale) {
  storage.setLanguage(locale);
  const pages = setLanguage(locale);
  if (session.get().user) await keepOnAccount(locale);
  else chosenSignedOut = locale;
  await pages;
}

/** Counts the choices sent, so that an answer to one overtaken by a later choice is not kept. */
let sent = 0;

async function keepOnAccount(locale: Locale) {
  const mine = ++sent;
  try {
    const { data } = await call('PUT /auth/language', { body: { language: locale } }, { silent: true });
    if (mine === sent) session.updateUser(data);
  } catch {
    // The pages speak it anyway; the account is asked again at the next choice or sign-in.
  }
}

/**
 * Follows sign-ins: a choice made before signing in is kept on the account, as is this browser's for
 * an account that has none; otherwise the account's own choice, made on any device, is what the pages
 * speak.
 */
export function followSignIns() {
  let signedIn = !!session.get().user;
  return session.subscribe(() => {
    const user = session.get().user;
    if (!user || signedIn) {
      signedIn = !!user;
      return;
    }
    signedIn = true;
    // A choice made in this tab, or on this browser by an account that has made none, is kept.
    const chosen = chosenSignedOut ?? (user.language || !storage.language() ? null : currentLanguage());
    if (chosen && chosen !== user.language) void keepOnAccount(chosen);
    else if (user.language && user.language !== currentLanguage()) {
      storage.setLanguage(user.language);
      void setLanguage(user.language);
    }
    chosenSignedOut = null;
  });
}
