import { GOOGLE_SIGN_IN_PROBLEMS } from '@shop/contract/auth';
import { describe, expect, it } from 'vitest';
import { googleProblemText } from './google-problems';

describe('the reasons a Google sign-in failed', () => {
  it('has the shop’s own text for every code the server sends', () => {
    for (const code of GOOGLE_SIGN_IN_PROBLEMS) expect(googleProblemText(code), code).toMatch(/\.$/);
    expect(googleProblemText('google_cancelled')).toBe('Google sign-in was cancelled.');
  });

  it('shows nothing for anything else the address carries', () => {
    for (const code of [
      '<script>alert(1)</script>',
      'Your account is locked',
      'toString',
      '__proto__',
      'constructor',
      '',
      null,
      undefined,
    ]) {
      expect(googleProblemText(code), String(code)).toBeUndefined();
    }
  });
});
