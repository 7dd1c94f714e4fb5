const BYTEA = 17;

/** bytea in hex by Buffer's native codec: PGlite's own writes and reads it a byte at a time (stored trip searches are several KB). */
export const BYTEA_CODEC = {
  serializers: { [BYTEA]: (bytes: Uint8Array) => `\\x${Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('hex')}` },
  parsers: { [BYTEA]: (text: string) => Buffer.from(text.slice(2), 'hex') },
};
