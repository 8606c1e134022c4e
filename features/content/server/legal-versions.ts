import { and, desc, eq, gte, sql } from "drizzle-orm";
import type { Database } from "@/lib/server/db/client";
import { companyMembers, legalAcceptances, legalDocumentVersions } from "@/lib/server/db/schema";
import type { LegalDocumentVersion } from "@/lib/server/db/schema";
import { recordAudit, type AuditActor } from "@/lib/server/audit/audit";
import { conflict, InvalidInput, notFound } from "@/lib/server/errors";
import { purgeCachedPages, type Purge } from "@/lib/server/http/page-cache";
import { LEGAL_DOCUMENT_NAMES } from "@/lib/model/legal";
import {
  LEGAL_DOCUMENTS,
  legalPagePath,
  legalPdfPath,
  type LegalDocumentName,
  type LegalPageProps,
  type LegalVersionEntry,
} from "@/features/content/legal";
import { readLegalFile, toLegalDocument, unknownFigures, withFigures } from "./legal";

/*
 * The legal documents' versions (issue 64): version 1 of each is content/legal/{name}.md, later
 * ones are published by the board's editors from /review/legal. A version is never changed; the
 * page at a document's route shows the newest, /versions/{n} an older one. The one writer of
 * legal_document_versions and legal_acceptances (TABLE_WRITERS).
 */

const day = (date: Date) => date.toISOString().slice(0, 10);

/** The databases seen to hold a version of every document (one check per process and database). */
const documentsPresent = new WeakSet<Database>();

/**
 * Version 1 of every document that has none, from content/legal (its date the file's). Run on
 * a board's start and by the sample board's seed; the readers below call it too, so a database
 * migrated by a test has its documents as well.
 */
export async function seedLegalVersions(db: Database): Promise<number> {
  // Versions are never deleted: once a database has every document, the readers (a signed-in
  // person's pending terms, on each visit) need not ask again.
  if (documentsPresent.has(db)) return 0;
  const present = await db
    .selectDistinct({ document: legalDocumentVersions.document })
    .from(legalDocumentVersions);
  const missing = LEGAL_DOCUMENT_NAMES.filter(
    (name) => !present.some((row) => row.document === name),
  );
  if (missing.length === 0) {
    documentsPresent.add(db);
    return 0;
  }
  const files = await Promise.all(missing.map((name) => readLegalFile(name)));
  const inserted = await db
    .insert(legalDocumentVersions)
    .values(
      missing.map((name, index) => ({
        document: name,
        version: 1,
        body: `${files[index]!.body.trim()}\n`,
        summary: "First published version.",
        publishedAt: new Date(`${files[index]!.updated}T00:00:00Z`),
      })),
    )
    .onConflictDoNothing()
    .returning({ id: legalDocumentVersions.id });
  return inserted.length;
}

/** Every version of a document, newest first (seeding version 1 when there is none). */
export async function legalVersions(
  db: Database,
  name: LegalDocumentName,
): Promise<LegalDocumentVersion[]> {
  const read = () =>
    db
      .select()
      .from(legalDocumentVersions)
      .where(eq(legalDocumentVersions.document, name))
      .orderBy(desc(legalDocumentVersions.version));
  const rows = await read();
  if (rows.length > 0) return rows;
  await seedLegalVersions(db);
  return read();
}

/** The current version of every document, by name. */
export async function currentLegalVersions(db: Database) {
  await seedLegalVersions(db);
  const rows = await db
    .selectDistinctOn([legalDocumentVersions.document])
    .from(legalDocumentVersions)
    .orderBy(legalDocumentVersions.document, desc(legalDocumentVersions.version));
  return new Map(rows.map((row) => [row.document, row]));
}

const entryOf = (row: LegalDocumentVersion): LegalVersionEntry => ({
  version: row.version,
  published_on: day(row.publishedAt),
  summary: row.summary,
});

/** The Markdown a version's page and PDF show: its body with the figures filled in. */
export const versionMarkdown = (row: LegalDocumentVersion) => withFigures(row.document, row.body);

/**
 * A document at one version (the current one when none is named) for its PDF: the file's
 * title and description, the version's text and date. Null when there is no such version.
 */
export async function legalVersionSource(db: Database, name: LegalDocumentName, version?: number) {
  const versions = await legalVersions(db, name);
  const row = version === undefined ? versions[0] : versions.find((v) => v.version === version);
  if (!row) return null;
  const file = await readLegalFile(name);
  return {
    name,
    title: file.title,
    summary: file.summary,
    updated: day(row.publishedAt),
    markdown: versionMarkdown(row),
    version: row.version,
  };
}

/** A legal page's props at `version` (the current one when none is named); null when unknown. */
export async function legalPageProps(
  db: Database,
  name: LegalDocumentName,
  version?: number,
): Promise<LegalPageProps | null> {
  const [source, versions, files] = await Promise.all([
    legalVersionSource(db, name, version),
    legalVersions(db, name),
    Promise.all(LEGAL_DOCUMENTS.map((entry) => readLegalFile(entry.name))),
  ]);
  if (!source) return null;
  const { version: shown, ...rest } = source;
  const document = await toLegalDocument(rest);
  return {
    document: { ...document, version: shown, current: versions[0]!.version },
    versions: versions.map(entryOf),
    titles: Object.fromEntries(LEGAL_DOCUMENTS.map((entry, i) => [entry.name, files[i]!.title])),
  };
}

/** The pages and PDFs a new version of `name` changes, for every cache. */
export const legalPurge = (name: LegalDocumentName): Purge => ({
  paths: [legalPagePath(name), legalPdfPath(name)],
  prefixes: [`${legalPagePath(name)}/versions/`],
});

/** A version as the editor's console lists it. */
export const consoleVersion = (row: LegalDocumentVersion) => ({
  id: row.id,
  document: row.document,
  version: row.version,
  body: row.body,
  summary: row.summary,
  published_at: row.publishedAt.toISOString(),
  published_by: row.publishedBy,
});

export async function consoleLegalVersions(db: Database, name: LegalDocumentName) {
  const versions = await legalVersions(db, name);
  return { document: name, versions: versions.map(consoleVersion) };
}

/**
 * Publishes a new version of a document: numbered after the last (no gaps: the unique index
 * refuses a concurrent twin, answered 409), audited with who did it, and its pages and PDFs
 * purged from the caches. 422 when the body names a figure the board does not know.
 */
export async function publishLegalVersion(
  db: Database,
  actor: AuditActor,
  name: LegalDocumentName,
  input: { body: string; summary: string },
) {
  const unknown = unknownFigures(input.body);
  if (unknown.length > 0) {
    throw new InvalidInput({
      body: [`No figure named ${unknown.map((figure) => `{{${figure}}}`).join(", ")}`],
    });
  }
  await legalVersions(db, name);
  const row = await db
    .transaction(async (tx) => {
      const [inserted] = await tx
        .insert(legalDocumentVersions)
        .values({
          document: name,
          version: sql`(select coalesce(max(${legalDocumentVersions.version}), 0) + 1 from ${legalDocumentVersions} where ${legalDocumentVersions.document} = ${name})`,
          body: input.body,
          summary: input.summary,
          publishedBy: actor.id,
        })
        .returning();
      await recordAudit(tx, actor, {
        action: "legal.publish",
        subjectType: "legal_version",
        subjectId: inserted!.id,
        detail: { document: name, version: inserted!.version, summary: input.summary },
      });
      return inserted!;
    })
    .catch((error: unknown) => {
      const code = (error as { code?: string; cause?: { code?: string } }).code;
      if (code === "23505" || (error as { cause?: { code?: string } }).cause?.code === "23505") {
        throw conflict("Another version was published at the same moment: reload and try again");
      }
      throw error;
    });
  purgeCachedPages(legalPurge(name));
  return consoleVersion(row);
}

/**
 * The documents that apply to a user: a company's member the employers' terms, the privacy
 * policy and the acceptable use policy; anyone else the candidates' terms and the privacy policy.
 */
async function documentsFor(db: Database, userId: number): Promise<LegalDocumentName[]> {
  const [member] = await db
    .select({ id: companyMembers.id })
    .from(companyMembers)
    .where(eq(companyMembers.userId, userId))
    .limit(1);
  return member ? ["tos-employers", "privacy", "acceptable-use"] : ["tos-candidates", "privacy"];
}

/**
 * The documents the user is asked to accept: those that apply to them whose current version is
 * a later one (version 1 is what everyone signed up under) that they have not accepted.
 */
export async function pendingTerms(db: Database, userId: number) {
  const [names, current, accepted] = await Promise.all([
    documentsFor(db, userId),
    currentLegalVersions(db),
    db
      .select({ document: legalAcceptances.document, version: legalAcceptances.version })
      .from(legalAcceptances)
      .where(eq(legalAcceptances.userId, userId)),
  ]);
  const pending = names.flatMap((name) => {
    const row = current.get(name);
    if (!row || row.version <= 1) return [];
    const done = accepted.some((a) => a.document === name && a.version >= row.version);
    return done ? [] : [row];
  });
  const titles = await Promise.all(pending.map((row) => readLegalFile(row.document)));
  return {
    pending: pending.map((row, i) => ({
      document: row.document,
      title: titles[i]!.title,
      ...entryOf(row),
      path: legalPagePath(row.document),
    })),
  };
}

/**
 * Records that the user accepted `version` of `document`: only its current version (409 for an
 * older one, 404 for one that does not exist). Accepting again changes nothing.
 */
export async function acceptTerms(
  db: Database,
  userId: number,
  { document, version }: { document: LegalDocumentName; version: number },
) {
  const current = (await currentLegalVersions(db)).get(document);
  if (!current || version > current.version) throw notFound("No such version");
  if (version < current.version) {
    throw conflict(`Version ${current.version} has been published since: read it first`);
  }
  await db.insert(legalAcceptances).values({ userId, document, version }).onConflictDoNothing();
  const [row] = await db
    .select()
    .from(legalAcceptances)
    .where(
      and(
        eq(legalAcceptances.userId, userId),
        eq(legalAcceptances.document, document),
        gte(legalAcceptances.version, version),
      ),
    )
    .limit(1);
  return { document, version: row!.version, accepted_at: row!.acceptedAt.toISOString() };
}
