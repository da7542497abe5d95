import { describe, expect, it } from 'vitest';
import './zod-without-eval';
import { config } from 'zod/v4/core';

describe('zod in the web app', () => {
  it('parses without probing for eval, which the CSP refuses', () => {
    expect(config().jitless).toBe(true);
  });
});
