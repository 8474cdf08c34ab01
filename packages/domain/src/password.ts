export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;
export const PASSWORD_SPECIALS = '!@#$&*';

/** SPEC.md section 5: at least 1 uppercase, 1 lowercase, 1 numeric and 1 special from !@#$&*. */
export function meetsPasswordRule(password: string): boolean {
  return /[A-Z]/.test(password) && /[a-z]/.test(password) && /\d/.test(password) && /[!@#$&*]/.test(password);
}

/**
 * Words that top the breached-password lists. A password whose letters, once digits, symbols and
 * common letter-for-digit swaps are removed, are one of these words (as in "Password1!" or
 * "P@ssw0rd2024") passes the composition rule but is guessed first by any attacker.
 */
const COMMON_WORDS = new Set(
  `password passw0rd qwerty qwertyuiop asdfgh asdfghjkl zxcvbnm abc abcd abcdef letmein welcome admin
  administrator iloveyou monkey dragon master sunshine princess football baseball superman batman
  trustno shadow michael jennifer hello freedom whatever starwars login changeme secret default
  singapore singtel starhub mobile selfcare summer winter spring autumn test user guest root love
  qazwsx qwe asd pass passwd p abc`
    .split(/\s+/)
    .filter(Boolean),
);

const LEET: Record<string, string> = {
  '0': 'o',
  '1': 'i',
  '3': 'e',
  '4': 'a',
  '5': 's',
  '7': 't',
  '@': 'a',
  $: 's',
};

export function isCommonPassword(password: string): boolean {
  const lower = password.toLowerCase();
  // Trailing digits and symbols first ("Welcome2024!"), then swaps inside the word ("P@ssw0rd").
  const word = lower.replace(/[\d!@#$&*]+$/g, '');
  const unLeeted = word.replace(/[013457@$]/g, (c) => LEET[c] ?? c);
  const lettersOnly = (s: string) => s.replace(/[^a-z]/g, '');
  return (
    COMMON_WORDS.has(lettersOnly(word)) ||
    COMMON_WORDS.has(lettersOnly(unLeeted)) ||
    /^(.)\1+$/.test(lower) ||
    lettersOnly(word).length < 2
  );
}
