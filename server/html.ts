const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' }

/** Text for an HTML page the server renders itself (the sandbox pages): safe in text and in quoted attributes. */
export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => HTML_ESCAPES[char]!)

/** The app's icon, so a browser showing a server-rendered page does not ask for a /favicon.ico the server does not have. */
export const ICON_LINK = '<link rel="icon" type="image/png" href="/icons/icon-192.png">'
