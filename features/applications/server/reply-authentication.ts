import { Resolver } from "node:dns/promises";
import { BlockList, isIP } from "node:net";
import { domainToASCII } from "node:url";
import type { DNSResolver } from "mailauth";
import type { ParsedResults } from "mailauth/lib/parse-dkim-headers.js";
import type { AddressObject, ParsedMail } from "mailparser";

/*
 * Who wrote an answer to the reply inbox (issue 60). The reply address is a secret that travels
 * in every forward and shared inbox, so holding it proves nothing about the author: an answer is
 * taken from the one address in its From field only when that address's domain vouches for the
 * message, which is DMARC (RFC 7489; mailauth finds the policy by RFC 9989's tree walk): SPF or
 * DKIM passing for a domain aligned with From's. An rsa-sha1 signature counts for nothing (RFC
 * 8301: SHA-1 no longer resists forgery); mailauth is otherwise lenient, as receivers are.
 *
 * Who checks:
 * - the trusted mail relay in front (INBOUND_TRUSTED_RELAYS), when the message comes from one of
 *   its addresses: it saw the sender's address, HELO and MAIL FROM, which the inbox behind it
 *   does not. Its verdict is the topmost Authentication-Results field with its authserv-id: the
 *   one it wrote last, RFC 8601 asking a relay to remove fields with its id from what it takes
 *   in. Fields with other ids count for nothing, and any field at all from another client.
 * - otherwise the inbox itself, with mailauth: SPF for the client's address, HELO and MAIL FROM,
 *   DKIM, DMARC.
 * - and when that does not pass, an ARC sealer named in INBOUND_ARC_SEALERS that forwarded the
 *   message (a company's gateway adding a footer breaks the author's DKIM): when the ARC chain
 *   validates and its newest seal is the sealer's, the verdict it recorded then (its
 *   ARC-Authentication-Results) counts as the relay's would.
 *
 * A domain that publishes no DMARC record has not said how its mail is authenticated, and SPF
 * alone proves little there (a domain's SPF often names a whole provider's servers, from which any
 * of its customers can send): such an answer is taken only with a DKIM signature of the domain
 * itself, which only its own mail servers can make.
 *
 * A message's DNS lookups share one time limit: past it each fails as a timeout, and the answer
 * is "try again later" rather than a refusal, so that a slow resolver neither holds a connection
 * nor loses an answer.
 */

/** The time limit of one message's lookups; a sending server waits minutes for our answer. */
export const DNS_TIME_LIMIT_MS = 10_000;

/** Authenticated, not, or not known yet (a lookup failed or ran out of time). */
export type Verdict = "pass" | "fail" | "temporary";

/** Who handed the message over, as the SMTP session saw it. */
export type Client = { ip: string; helo: string; mailFrom: string | undefined };

export type AuthorChecks = {
  /** The mail relay in front: its addresses (IPs or CIDR ranges) and its authserv-id. */
  relay?: { addresses: string[]; authservId: string };
  /** The ARC sealers (their d= domains) whose recorded verdicts count. */
  arcSealers?: string[];
  /** DNS for SPF, DKIM, DMARC and ARC: the system's unless tests serve their own records. */
  resolver?: DNSResolver;
  dnsTimeLimitMs?: number;
};

/**
 * The one author of a message: its single From field naming a single mailbox (not a group),
 * which a Sender field, if there is one, names too. Anything else names nobody: mail programs
 * show the other From addresses, or the Sender as the one who sent it "on behalf of" the author,
 * while the checks would vouch for one address only.
 */
export function authorOf(mail: ParsedMail): string | null {
  const fields = (name: string) => mail.headerLines.filter(({ key }) => key === name).length;
  const from = mail.from?.value ?? [];
  const author = from.length === 1 && !from[0]!.group ? from[0]!.address?.toLowerCase() : "";
  if (fields("from") !== 1 || !author) return null;
  const sender = (mail.headers.get("sender") as AddressObject | undefined)?.value;
  const sameSender = sender?.length === 1 && sender[0]!.address?.toLowerCase() === author;
  return fields("sender") === 0 || (fields("sender") === 1 && sameSender) ? author : null;
}

/** A domain as DNS names it: A-labels, lower case, no final dot ("" for none). */
const asciiDomain = (name: unknown) =>
  typeof name === "string" ? domainToASCII(name.replace(/\.$/, "")).toLowerCase() : "";

/** What one check says of the author's domain. */
type Evidence = {
  /** DMARC's result for the author's domain (pass, fail, none, temperror...), if it gave one. */
  dmarc: string | undefined;
  /** The domains whose DKIM signatures verified. */
  dkim: string[];
  /** A lookup failed for now: asked again, the check may pass. */
  temporary: boolean;
};

const passes = (evidence: Evidence, domain: string) =>
  evidence.dmarc === "pass" || (evidence.dmarc === "none" && evidence.dkim.includes(domain));

/** What an Authentication-Results field (the relay's, or an ARC sealer's) says of `domain`. */
function reported(results: ParsedResults, domain: string): Evidence {
  const dmarc = asciiDomain(results.dmarc?.header?.from) === domain ? results.dmarc : undefined;
  // The signing domain is header.d; mailauth and others write header.i=@domain instead.
  const signer = ({ d, i }: Record<string, unknown> = {}) =>
    asciiDomain(typeof d === "string" ? d : typeof i === "string" ? i.split("@").pop() : "");
  return {
    dmarc: dmarc?.value?.toLowerCase(),
    dkim: (results.dkim ?? [])
      .filter((entry) => entry.value?.toLowerCase() === "pass")
      .map((entry) => signer(entry.header)),
    temporary: dmarc?.value?.toLowerCase() === "temperror",
  };
}

/**
 * mailauth's parser of Authentication-Results fields, the one its ARC checks read them with. Its
 * file is named whole: Node's ES modules find no file by a name without its extension, though
 * Vitest's resolver does.
 */
const resultsParser = async () => (await import("mailauth/lib/parse-dkim-headers.js")).default;

/** The verdict of the relay: its topmost Authentication-Results field, if it wrote one. */
async function relayEvidence(
  mail: ParsedMail,
  authservId: string,
  domain: string,
): Promise<Evidence> {
  const parse = await resultsParser();
  for (const { key, line } of mail.headerLines) {
    if (key !== "authentication-results") continue;
    const results = parse(line).parsed;
    // The id may be quoted, or followed by a version: `"mx.example.com" 1;`.
    const id = (results.value ?? "").split(/\s/)[0]!.replace(/^"(.*)"$/, "$1");
    if (id === authservId.toLowerCase()) return reported(results, domain);
  }
  return { dmarc: undefined, dkim: [], temporary: false };
}

/** The inbox's own checks of the message `client` handed over. */
async function ownEvidence(
  raw: Buffer,
  client: Client,
  resolver: DNSResolver,
  domain: string,
): Promise<Evidence> {
  const { authenticate } = await import("mailauth");
  const result = await authenticate(raw, {
    ip: client.ip,
    helo: client.helo,
    sender: client.mailFrom,
    resolver,
    rejectRsaSha1: true,
    // ARC is asked for only when this does not pass (sealedEvidence); BIMI is about logos.
    disableArc: true,
    disableBimi: true,
  });
  const dmarc =
    result.dmarc && asciiDomain(result.dmarc.status.header?.from) === domain
      ? result.dmarc.status.result
      : undefined;
  const signatures = result.dkim.results.map((signature) => signature.status.result);
  return {
    dmarc,
    dkim: result.dkim.results
      .filter((signature) => signature.status.result === "pass")
      .map((signature) => asciiDomain(signature.signingDomain)),
    temporary: [result.spf && result.spf.status.result, dmarc, ...signatures].includes("temperror"),
  };
}

/** What a trusted sealer recorded, when the ARC chain validates and its newest seal is theirs. */
async function sealedEvidence(
  raw: Buffer,
  sealers: string[],
  resolver: DNSResolver,
  domain: string,
): Promise<Evidence | null> {
  const { arc, dkimVerify } = await import("mailauth");
  const data = (await dkimVerify(raw, { resolver, rejectRsaSha1: true })).arc;
  if (!data?.chain) return null;
  const chain = await arc({ ...data, chain: data.chain }, { resolver });
  const newest = data.lastEntry;
  const sealer = asciiDomain(newest?.["arc-seal"]?.parsed?.d?.value);
  const results = newest?.["arc-authentication-results"]?.original;
  if (chain.status.result !== "pass" || !sealers.includes(sealer) || !results) return null;
  return reported((await resultsParser())(results).parsed, domain);
}

/** `resolve`, each lookup failing as a DNS timeout once `limit` is reached. */
function timeLimited(resolve: DNSResolver, limit: AbortSignal): DNSResolver {
  const expired = new Promise<never>((_, reject) => {
    const fail = () =>
      reject(Object.assign(new Error("DNS ran out of time"), { code: "ETIMEOUT" }));
    if (limit.aborted) fail();
    else limit.addEventListener("abort", fail, { once: true });
  });
  // It rejects at the limit whether or not a lookup is still racing it.
  expired.catch(() => undefined);
  return (name, type) => Promise.race([resolve(name, type), expired]);
}

/** The system's DNS servers, each query given 3 s twice (Node's default waits far longer). */
function systemResolver(): DNSResolver {
  const dns = new Resolver({ timeout: 3_000, tries: 2 });
  return (name, type) => dns.resolve(name, type) as ReturnType<DNSResolver>;
}

/** The relay's addresses, each an IP address or a CIDR range, as one list to look a client up. */
function addressList(entries: string[]): BlockList {
  const list = new BlockList();
  for (const entry of entries) {
    const [address = "", prefix] = entry.split("/");
    const family = isIP(address) === 6 ? "ipv6" : "ipv4";
    if (prefix === undefined) list.addAddress(address, family);
    else list.addSubnet(address, Number(prefix), family);
  }
  return list;
}

/** Checks whether `author` (authorOf) wrote `raw`, parsed as `mail`, handed over by `client`. */
export function authorVerifier({
  relay,
  arcSealers = [],
  resolver = systemResolver(),
  dnsTimeLimitMs = DNS_TIME_LIMIT_MS,
}: AuthorChecks) {
  const relays = addressList(relay?.addresses ?? []);
  const sealers = arcSealers.map(asciiDomain);
  return async (
    raw: Buffer,
    mail: ParsedMail,
    author: string,
    client: Client,
  ): Promise<Verdict> => {
    const domain = asciiDomain(author.split("@").pop());
    if (!domain) return "fail";
    const limit = AbortSignal.timeout(dnsTimeLimitMs);
    const dns = timeLimited(resolver, limit);
    const family = isIP(client.ip);
    const fromRelay = relay && family && relays.check(client.ip, family === 6 ? "ipv6" : "ipv4");
    const evidence = fromRelay
      ? await relayEvidence(mail, relay.authservId, domain)
      : await ownEvidence(raw, client, dns, domain);
    if (passes(evidence, domain)) return "pass";
    const sealed = sealers.length > 0 ? await sealedEvidence(raw, sealers, dns, domain) : null;
    if (sealed && passes(sealed, domain)) return "pass";
    return evidence.temporary || limit.aborted ? "temporary" : "fail";
  };
}

export type AuthorVerifier = ReturnType<typeof authorVerifier>;
