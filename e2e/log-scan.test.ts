import { describe, expect, it } from 'vitest';
import { secretsIn } from './support/shop-server';

/** The scan every journey's shop runs on its own log when it stops. */
describe('the log scan', () => {
  it('finds each kind of secret, and passes ordinary request lines', () => {
    const jwt = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.sig';
    expect(secretsIn(`{"msg":"x","token":"${jwt}"}`)).toEqual(['a JWT']);
    expect(secretsIn('{"hash":"scrypt$131072$8$1$abc$def"}')).toEqual(['a password hash']);
    expect(secretsIn('{"hash":"$argon2id$v=19$m=19456,t=2,p=1$abc$def"}')).toEqual(['a password hash']);
    expect(secretsIn('{"body":{"password":"hunter22"}}')).toEqual(['a password field']);
    expect(secretsIn('{"refreshToken":"abc"}')).toEqual(['a refresh token field']);
    expect(secretsIn('{"refreshToken":"[redacted]"}')).toEqual([]);
    expect(secretsIn('card 4242 4242 4242 4242')).toEqual(['a card number']);
    expect(secretsIn('pi_test_abc_secret_def')).toEqual(['a client secret']);
    const line =
      '{"level":30,"reqId":"0190","req":{"method":"POST","url":"/api/auth/login","remoteAddress":"127.0.0.1"},"msg":"incoming request"}';
    expect(secretsIn(line)).toEqual([]);
  });
});
