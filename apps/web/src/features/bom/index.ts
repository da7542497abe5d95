/**
 * Bills of materials: the routes load its page (pages/bom-page.tsx) by its own module; nothing
 * else is used from outside.
 */
export {};
