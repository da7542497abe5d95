/**
 * Punchout (docs/api.md, "Punchout"): what other features and the app use of it — the banner of a
 * punchout window and the order builder's Transfer to procurement. The routes load its pages
 * (pages/punchout-page.tsx, pages/punchout-settings-page.tsx) by their own modules; the session
 * kept in the window is lib/punchout-session.ts, which the API client reads.
 */
export { PunchoutBanner, punchoutLabel } from './components/punchout-banner';
export { TRANSFER_LABEL, TransferCard } from './components/transfer-card';
