/**
 * DSSE Pre-Authentication Encoding (secure-systems-lab/dsse protocol.md):
 * "DSSEv1" SP LEN(type) SP type SP LEN(body) SP body, where LEN is the ASCII decimal byte length
 * with no leading zeros and `type` is the UTF-8 payload type.
 */
export function pae(payloadType: string, body: Uint8Array): Uint8Array<ArrayBuffer> {
  const type = new TextEncoder().encode(payloadType);
  const head = new TextEncoder().encode(`DSSEv1 ${type.length} `);
  const mid = new TextEncoder().encode(` ${body.length} `);
  const out = new Uint8Array(head.length + type.length + mid.length + body.length);
  out.set(head, 0);
  out.set(type, head.length);
  out.set(mid, head.length + type.length);
  out.set(body, head.length + type.length + mid.length);
  return out;
}
