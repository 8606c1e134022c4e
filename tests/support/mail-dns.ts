import { generateKeyPairSync } from "node:crypto";
import type { DNSResolver } from "mailauth";

/*
 * DNS for the tests of mail authentication (issue 60): the TXT records a test publishes (SPF,
 * DMARC, DKIM and ARC keys), served through mailauth's `resolver` option as Node's resolver
 * answers them; a name without records does not exist (ENOTFOUND). One RSA key signs for every
 * domain whose key a test publishes, under the selector SELECTOR.
 */

export const SELECTOR = "test";

export type MailDns = {
  resolver: DNSResolver;
  /** The private key (PEM) of every published DKIM and ARC key. */
  privateKey: string;
  /** Publishes the TXT record `text` at `name`. */
  publish: (name: string, text: string) => void;
  /** Publishes the key that signs for `domain` (SELECTOR._domainkey.domain). */
  publishKey: (domain: string) => void;
};

export function mailDns(): MailDns {
  const { privateKey, publicKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
  const key = publicKey.export({ type: "spki", format: "der" }).toString("base64");
  const records = new Map<string, string[]>();
  const publish = (name: string, text: string) =>
    records.set(name.toLowerCase(), [...(records.get(name.toLowerCase()) ?? []), text]);
  return {
    privateKey: privateKey.export({ type: "pkcs8", format: "pem" }).toString(),
    publish,
    publishKey: (domain) => publish(`${SELECTOR}._domainkey.${domain}`, `v=DKIM1; k=rsa; p=${key}`),
    resolver: async (name, type) => {
      const found = type === "TXT" ? records.get(name.toLowerCase()) : undefined;
      if (!found) {
        throw Object.assign(new Error(`query${type} ENOTFOUND ${name}`), { code: "ENOTFOUND" });
      }
      // Node answers a TXT query with each record's strings.
      return found.map((text) => [text]);
    },
  };
}
