// A setup file of the server tests (vitest.config.ts): before each test file, every `test`
// object is made afresh, so no file sees another file's top-level overrides.
import { freshFixtures } from './fixture.js';

freshFixtures();
