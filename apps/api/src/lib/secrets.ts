import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Env } from '../env.ts';

export type Secrets = {
  /** HMAC key for access tokens. */
  tokenSigningKey: Uint8Array;
  /** AES-256-GCM key for secrets at rest (TOTP seeds). */
  encryptionKey: Buffer;
};

type StoredSecrets = { tokenSigningKey: string; encryptionKey: string };

/**
 * Keys come from the environment when given; otherwise they are generated on first start and kept
 * in DATA_DIR/secrets.json (mode 0600), so restarts keep sessions and encrypted data readable.
 */
export const loadSecrets = async (env: Pick<Env, 'DATA_DIR' | 'TOKEN_SIGNING_KEY' | 'ENCRYPTION_KEY'>): Promise<Secrets> => {
  let stored: StoredSecrets | undefined;
  if (!env.TOKEN_SIGNING_KEY || !env.ENCRYPTION_KEY) {
    const file = path.join(env.DATA_DIR, 'secrets.json');
    try {
      stored = JSON.parse(await readFile(file, 'utf8')) as StoredSecrets;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      stored = {
        tokenSigningKey: randomBytes(48).toString('base64'),
        encryptionKey: randomBytes(32).toString('base64'),
      };
      await mkdir(env.DATA_DIR, { recursive: true });
      await writeFile(file, JSON.stringify(stored, null, 2), { mode: 0o600, flag: 'wx' });
    }
  }
  const signing = env.TOKEN_SIGNING_KEY ?? stored?.tokenSigningKey ?? '';
  const encryption = env.ENCRYPTION_KEY ?? stored?.encryptionKey ?? '';
  return {
    tokenSigningKey: new TextEncoder().encode(signing),
    encryptionKey: Buffer.from(encryption, 'base64'),
  };
};
