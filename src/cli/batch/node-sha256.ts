/**
 * Node's native SHA-256 for the kernel's result hashes (setHostSha256): the CLI and its batch
 * workers hash with it; the kernel's own stays the default elsewhere (the studio). `crypto.hash`
 * (one call, no Hash object) where Node has it (20.12+), else createHash.
 */
import crypto from 'node:crypto';
import type { HostSha256 } from '../../kernel';

type OneShot = (algorithm: string, data: Uint8Array, encoding: 'hex') => string;
const oneShot = (crypto as unknown as { hash?: OneShot }).hash;

export const nodeSha256: HostSha256 =
  typeof oneShot === 'function'
    ? (bytes) => oneShot('sha256', bytes, 'hex')
    : (bytes) => crypto.createHash('sha256').update(bytes).digest('hex');
