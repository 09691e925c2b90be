// The install key: a P-256 key pair made by WebCrypto on the first visit, its private half not
// extractable, kept in IndexedDB. Its account is the SHA-256 of its public key (docs/PROTOCOL.md,
// Handshake); WebCrypto signs as the 64 bytes r ‖ s, which the server takes beside DER.

import { base64, hex, sha256, utf8 } from "./bytes.js";
import { read, write } from "./store.js";

const algorithm = { name: "ECDSA", namedCurve: "P-256" };
const signing = { name: "ECDSA", hash: "SHA-256" };

export async function installKey() {
  let pair = await read("keys", "install");
  if (!pair) {
    pair = await crypto.subtle.generateKey(algorithm, false, ["sign", "verify"]);
    await write("keys", "install", pair);
  }
  const publicKey = new Uint8Array(await crypto.subtle.exportKey("raw", pair.publicKey));
  return {
    publicKey: base64(publicKey),
    account: hex(await sha256(publicKey)),
    /** The signature of `text`'s UTF-8, base64. */
    async sign(bytes) {
      return base64(new Uint8Array(await crypto.subtle.sign(signing, pair.privateKey, typeof bytes === "string" ? utf8(bytes) : bytes)));
    },
  };
}
