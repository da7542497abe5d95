import { describe, expect, it } from 'vitest';
import * as schemas from './punchout.js';
import * as words from './punchout-words.js';

describe("punchout's words without zod", () => {
  it('are the schemas module’s own', () => {
    expect(words.PUNCHOUT_TOKEN_PREFIX).toBe(schemas.PUNCHOUT_TOKEN_PREFIX);
    expect(words.SESSION_ENDED_MESSAGE).toBe(schemas.SESSION_ENDED_MESSAGE);
  });
});
