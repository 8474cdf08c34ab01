import { describe, expect, it } from 'vitest';
import { CALLBACK_REFS, callbackTarget } from './callback.ts';
import { CIS_MYINFO_REF, MYINFO_REFS } from './schemas/myinfo.ts';

const origin = 'https://portal.example.sg';
const search = (ref: unknown) =>
  `?code=secret-code&state=${encodeURIComponent(JSON.stringify({ ref, nonce: 'n'.repeat(43) }))}`;

describe('callbackTarget', () => {
  it('returns to the page that started the round trip, keeping the code and state', () => {
    for (const ref of ['/getStarted', '/getStartedNoBill', '/activeSimOnline', '/profile/checkCIS']) {
      expect(callbackTarget(search(ref), origin)).toBe(`${ref}${search(ref)}`);
    }
  });

  it('returns to every page a MyInfo state is issued for', () => {
    for (const ref of [...MYINFO_REFS, CIS_MYINFO_REF]) expect(CALLBACK_REFS).toContain(ref);
  });

  it.each([
    '/\\evil.example',
    '/\\/evil.example',
    '/\t/evil.example',
    '/\r/evil.example',
    '/\n/evil.example',
    '//evil.example',
    'https://evil.example/getStarted',
    'javascript:alert(1)',
    '/getStarted/../myAccount',
    '/getStarted?x=1',
    '/profile/checkCIS/../myAccount',
    '/profile/checkcis',
    '/myAccount',
    '/getstarted',
    ' /getStarted',
    '',
  ])('sends %j home without the code', (ref) => {
    expect(callbackTarget(search(ref), origin)).toBe('/');
  });

  it('sends a state that is not JSON, or has no ref, home', () => {
    expect(callbackTarget('?code=x&state=%7Bnot-json', origin)).toBe('/');
    expect(callbackTarget('?code=x', origin)).toBe('/');
    expect(callbackTarget(`?code=x&state=${encodeURIComponent('null')}`, origin)).toBe('/');
    expect(callbackTarget(search(42), origin)).toBe('/');
  });
});
