/**
 * Development defaults shared by the server's configuration and the app's build, so an
 * unconfigured checkout agrees with itself. Production overrides every one (README).
 */
export const DEV_API_SECRET = 'marquee-dev-secret-change-me'
export const CLIENT_VERSION = '2.1.1'
export const MAX_CLOCK_SKEW_SECONDS = 300
export const NONCE_TTL_SECONDS = 600

/**
 * Image scrambling (docs/protocol.md, "Images"). The XOR byte and the head key live in the client, like
 * API_SECRET, so they deter scraping rather than protect anything; production sets its own.
 */
export const DEV_IMAGE_XOR_BYTE = 0x5a
/** 16 bytes as lowercase hex ("marquee!image-ky"). */
export const DEV_IMAGE_HEAD_KEY = '6d61727175656521696d6167652d6b79'
/** A file starting with this marker is the image XORed with the XOR byte ("MQSCR1"). */
export const IMAGE_MARKER_XOR = '4d5153435231'
/** A file starting with this marker carries the image from IMAGE_OFFSET_START ("MQOFS1"). */
export const IMAGE_MARKER_OFFSET = '4d514f465331'
/** How many leading bytes the head scheme XORs with the repeating key. */
export const IMAGE_HEAD_LENGTH = 100
/** Where the image starts in the offset scheme; bytes 6 to 162 are filler. */
export const IMAGE_OFFSET_START = 163
