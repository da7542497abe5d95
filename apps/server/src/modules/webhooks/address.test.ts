import { describe, expect, it } from 'vitest';
import { resolveTarget, webhookUrl } from './address.js';

const strict = { allowHttp: false, allowPrivate: false };
const check = (url: string, rules = strict) => resolveTarget(webhookUrl(url, rules), rules);

/** Which URLs a webhook may use, when saved and again before each delivery. */
describe('webhook addresses', () => {
  it('takes https:// only, and http:// when the operator allows it', () => {
    expect(() => webhookUrl('http://203.0.113.9/hook', strict)).toThrow(/https:/);
    expect(() => webhookUrl('ftp://203.0.113.9/hook', { ...strict, allowHttp: true })).toThrow(/http:/);
    expect(webhookUrl('http://203.0.113.9/hook', { ...strict, allowHttp: true }).href).toBe(
      'http://203.0.113.9/hook',
    );
    expect(() => webhookUrl('not a url', strict)).toThrow(/must be a URL/);
  });

  it('refuses a URL carrying a user name or password', () => {
    expect(() => webhookUrl('https://user:secret@erp.example.com/hook', strict)).toThrow(/password/);
    expect(() => webhookUrl('https://user@erp.example.com/hook', strict)).toThrow(/password/);
  });

  it.each([
    'https://127.0.0.1/hook',
    'https://10.1.2.3/hook',
    'https://192.168.0.5/hook',
    'https://172.16.0.1/hook',
    'https://169.254.169.254/latest/meta-data',
    'https://100.64.0.1/hook',
    'https://0.0.0.0/hook',
    'https://[::1]/hook',
    'https://[fe80::1]/hook',
    'https://[fd00::1]/hook',
    'https://[::ffff:127.0.0.1]/hook',
    'https://localhost/hook',
  ])('refuses %s (loopback, private, link-local and the like)', async (url) => {
    await expect(check(url)).rejects.toMatchObject({ code: 'validation' });
  });

  it('takes a public address, and a private one when the operator allows it', async () => {
    await expect(check('https://203.0.114.9/hook')).resolves.toMatchObject({
      address: '203.0.114.9',
      family: 4,
    });
    await expect(
      check('https://127.0.0.1/hook', { allowHttp: false, allowPrivate: true }),
    ).resolves.toMatchObject({
      address: '127.0.0.1',
    });
  });

  it('refuses a name that does not resolve', async () => {
    await expect(check('https://no-such-host.invalid/hook')).rejects.toMatchObject({ code: 'validation' });
  });
});
