/**
 * What the app and other modules may use of tool models and fleets: the routes, the pages'
 * reads, and what the catalog reads of the tools (the tools a part fits, a tool's parts, the
 * tools a model number names).
 */
export { catalogToolLinks, fitsToolsOf, toolPartIds, toolsByModel } from './catalog-links.js';
export { toolRoutesPlugin } from './plugin.js';
export { getTool, toolPage } from './service.js';
