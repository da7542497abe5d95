/**
 * The shop's CSP allows no eval, and zod probes for it (with `new Function`) as soon as a schema
 * is built, so that it can compile faster parsers; the refused probe shows in the browser as a
 * Content-Security-Policy issue. Forms parse a handful of fields: zod's plain parser is enough.
 *
 * zod keeps its settings on `globalThis.__zod_globalConfig` (shared by every copy of zod) and
 * takes an object already there. Setting it here, rather than through zod's `config()`, keeps
 * zod out of the first download (its core would cost about 4 KB gzip there); the unit test
 * checks that zod sees the setting. Imported first by main.tsx, before any module builds a schema.
 */
const shared = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
shared.__zod_globalConfig = { ...shared.__zod_globalConfig, jitless: true };
