/** CRC-32C (Castagnoli), used by the OP_MSG checksum and the journal records. */
const TABLE = (() => {
  const t = new Int32Array(256);
  for (let i = 0; i < 256; i++) {
    let c = i;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0x82f63b78 ^ (c >>> 1) : c >>> 1;
    t[i] = c;
  }
  return t;
})();

export function crc32c(buf: Uint8Array, start = 0, end = buf.length): number {
  let crc = -1;
  // Both reads are in range (a byte of `buf` below `end`, a table index masked to 0–255).
  for (let i = start; i < end; i++) crc = (TABLE[(crc ^ (buf[i] ?? 0)) & 0xff] ?? 0) ^ (crc >>> 8);
  return (crc ^ -1) >>> 0;
}
