/**
 * What other features may use of the tools: the part page's "Fits" section. The routes load the
 * pages (pages/tools-page.tsx, tool-page.tsx, my-tools-page.tsx, admin-tools-page.tsx) by their own modules.
 */
export { FitsTools } from './components/fits-tools';
