/** Letters and digits without look-alikes (0/O, 1/l/I), so a password read aloud survives. */
const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789';

/**
 * A password for a reset, made in the browser from the platform's CSPRNG (rejection sampling
 * keeps every character equally likely). 16 characters of this alphabet ≈ 93 bits.
 */
export function randomPassword(
  length = 16,
  random: (bytes: Uint8Array) => Uint8Array = (b) => crypto.getRandomValues(b),
): string {
  const limit = 256 - (256 % alphabet.length);
  let out = '';
  while (out.length < length) {
    for (const byte of random(new Uint8Array(length * 2))) {
      if (byte < limit && out.length < length) out += alphabet[byte % alphabet.length];
    }
  }
  return out;
}
