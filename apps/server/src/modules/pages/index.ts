/** What the app uses of the pages the server renders: the plugin that serves the web app. */
export { webAppPlugin } from './plugin.js';
