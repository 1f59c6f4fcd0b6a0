/**
 * Text rules the contracts and the app share, with no validation library, so the page can check
 * what it is about to send without loading one.
 */

/** C0 and C1 control characters and DEL: PostgreSQL refuses NUL in text, and none belongs in a name or key. */
export const CONTROL_CHARACTER = /\p{Cc}/u

/** The longest devID login/guest accepts. */
export const MAX_DEVICE_ID_LENGTH = 128
