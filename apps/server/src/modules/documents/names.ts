/**
 * A document's name: lower-case letters, digits and dashes ending in `.pdf`. Nothing else is
 * served, so a name can never reach outside the documents folder.
 */
export const documentName = /^[a-z0-9][a-z0-9-]{0,79}\.pdf$/;

/** The address a document is served at (`GET /documents/<name>`), as a part's documents name it. */
export const documentUrl = (name: string) => `/documents/${name}`;
