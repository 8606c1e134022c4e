// @vitest-environment node
import { eq } from "drizzle-orm";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BoardSettingsData } from "@/components/layout/board-settings-data";
import { Footer } from "@/components/layout/footer";
import { Logo } from "@/components/ui/logo";
import {
  boardSettings,
  DEFAULT_BOARD_SETTINGS,
  setBoardSettingsOverrides,
} from "@/lib/board-settings";
import { forgetBoardSettings, refreshBoardSettings } from "@/lib/server/board-settings";
import { auditLog, boardMembers } from "@/lib/server/db/schema";
import { onPurge, PURGE_EVERYTHING, type Purge } from "@/lib/server/http/page-cache";
import { senderOf } from "@/lib/server/mail/send";
import { renderMail } from "@/lib/server/worker/mail-templates";
import { callApi } from "@/tests/api/call";
import { person, routeFor, type Person } from "@/tests/api/team-suite";
import { bearer } from "@/tests/support/auth";
import { setUpTestDatabase } from "@/tests/support/database";
import { DEFAULT_SETTINGS_VALUES } from "@/features/moderation/board-settings-schemas";
import { buildBlogFeed } from "@/features/content/server/blog-feed";
import { legalPdf } from "@/features/content/server/legal-pdf";
import { buildJobsAtomFeed } from "@/features/feeds/server/listing-feed";
import { storeDescriptionHtml } from "@/features/listings/server/listing-state";
import { Card } from "@/features/og/server/card-image";
import { cardBoard } from "@/features/og/server/card-drawer";
import { cardVersion } from "@/lib/og/base";
import type { CardFacts } from "@/lib/og/address";
import { SITE_URL } from "@/lib/site";

/*
 * The board's settings (issue 64): the owner's only; saved, audited, every page purged; then the
 * header, footer, mail and the page's settings JSON print them, escaped, in any script.
 */

const handle = setUpTestDatabase();
const run = Math.random().toString(36).slice(2, 8);
const people = {} as Record<"owner" | "moderator" | "editor" | "finance", Person>;
const settingsRoute = routeFor("/api/moderation/settings");

const blank = DEFAULT_SETTINGS_VALUES;

const put = (who: Person, settings: Record<string, unknown>) =>
  callApi(settingsRoute, { method: "PUT", headers: bearer(who.token), body: { settings } });

const purges: Purge[] = [];
let stopListening: () => void;

beforeAll(async () => {
  for (const role of ["owner", "moderator", "editor", "finance"] as const) {
    people[role] = await person(
      handle.db,
      `${role}-s-${run}`,
      `${role}-s-${run}@board.example`,
      role,
    );
    await handle.db.insert(boardMembers).values({ userId: people[role].userId, role });
  }
  stopListening = onPurge((purge) => purges.push(purge));
}, 60_000);

afterAll(() => {
  stopListening();
  setBoardSettingsOverrides(null);
});

const html = (element: Parameters<typeof renderToStaticMarkup>[0]) => renderToStaticMarkup(element);

describe("the board's settings", () => {
  it("answers the defaults to the owner while nothing is set: today's words", async () => {
    const got = await callApi(settingsRoute, { headers: bearer(people.owner.token) });
    expect(got.status).toBe(200);
    expect(got.body).toMatchObject({
      settings: {
        values: blank,
        defaults: { name: "Creator Jobs", tagline: DEFAULT_BOARD_SETTINGS.tagline },
        updated_at: null,
      },
    });
    forgetBoardSettings();
    await refreshBoardSettings(handle.db);
    expect(boardSettings()).toEqual(DEFAULT_BOARD_SETTINGS);
    // No settings: nothing is added to the page.
    expect(html(createElement(BoardSettingsData))).toBe("");
  });

  it("refuses a moderator, an editor and finance (403)", async () => {
    for (const role of ["moderator", "editor", "finance"] as const) {
      expect((await put(people[role], { ...blank, name: "Taken" })).status).toBe(403);
      const read = await callApi(settingsRoute, { headers: bearer(people[role].token) });
      expect(read.status).toBe(403);
    }
  });

  it("refuses links that are not http(s), and text out of bounds (422 errors)", async () => {
    const refused = await put(people.owner, {
      ...blank,
      newsletter_url: "javascript:alert(1)",
      x_url: "ftp://x.example/board",
      contact_email: "not an address",
      name: "x".repeat(61),
    });
    expect(refused.status).toBe(422);
    const errors = (refused.body as { errors: Record<string, unknown> }).errors;
    expect(Object.keys(errors).sort()).toEqual(
      ["contact_email", "name", "newsletter_url", "x_url"].sort(),
    );
    const [row] = await handle.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.subjectType, "board_settings"));
    expect(row).toBeUndefined();
  });

  it("saves the owner's words, audits who, purges every page, and the header, footer and mail print them", async () => {
    const name = "クリエイター求人 <script>alert(1)</script>";
    purges.length = 0;
    const saved = await put(people.owner, {
      ...blank,
      name,
      tagline: "وظائف في اقتصاد المبدعين",
      contact_email: "kontakt@praca.example",
      newsletter_url: "https://news.example/zapisz-się",
      linkedin_url: "https://www.linkedin.com/company/board",
    });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({
      settings: { values: { name, tagline: "وظائف في اقتصاد المبدعين" }, updated_by: "owner" },
    });
    const [entry] = await handle.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.subjectType, "board_settings"));
    expect(entry).toMatchObject({
      action: "board_settings.update",
      actorEmail: people.owner.email,
      actorId: people.owner.userId,
      detail: { before: { name: null }, after: { name } },
    });
    expect(purges).toContainEqual(PURGE_EVERYTHING);

    // This process read them again; another reads them on the purge it hears.
    expect(boardSettings()).toMatchObject({ name, contactEmail: "kontakt@praca.example" });

    const header = html(createElement(Logo));
    expect(header).toContain("クリエイター求人 &lt;script&gt;alert(1)&lt;/script&gt;");
    expect(header).not.toContain("<script>");
    const footer = html(createElement(Footer));
    expect(footer).toContain("وظائف في اقتصاد المبدعين. Hand-picked");
    expect(footer).toContain('href="mailto:kontakt@praca.example"');
    expect(footer).toContain("https://news.example/zapisz-się");
    expect(footer).toContain(">LinkedIn<");
    expect(footer).toContain(
      "2023 クリエイター求人 &lt;script&gt;alert(1)&lt;/script&gt;. All rights",
    );
    expect(footer).not.toContain("<script>");

    // The page carries them to the browser as JSON that no name can end.
    const data = html(createElement(BoardSettingsData));
    expect(data).not.toContain("</script>alert");
    expect(data).toContain("\\u003cscript>");
    const json = /<script[^>]*>(.*)<\/script>/s.exec(data)?.[1] ?? "";
    expect(JSON.parse(json)).toMatchObject({ name });

    const mail = await renderMail({
      template: "board-invitation",
      to: "new@board.example",
      props: {
        role: "editor",
        inviterName: "Sam",
        token: "t".repeat(40),
        expiresAt: new Date().toISOString(),
      },
    });
    expect(mail.html).toContain("クリエイター求人 &lt;script&gt;");
    expect(mail.html).not.toContain("<script>alert");
    expect(mail.text).toContain("クリエイター求人 <script>alert(1)</script> ·");
    expect(senderOf("Creator Jobs <jobs@board.example>", boardSettings().name)).toEqual({
      name,
      address: "jobs@board.example",
    });
  });

  it("and every mail, the social card, the feeds and the legal PDF print them", async () => {
    const name = "クリエイター求人 <script>alert(1)</script>";
    expect(boardSettings().name).toBe(name);
    const deleted = await renderMail({
      template: "account-deleted",
      to: "gone@board.example",
      props: { recipientName: "Zoë" },
    });
    expect(deleted.subject).toBe(`Your ${name} account is deleted`);
    expect(deleted.text).toContain(`your ${name} account is deleted`);
    expect(deleted.text).not.toContain("Creator Jobs");
    expect(deleted.html).not.toContain("<script>alert");
    const approved = await renderMail({
      template: "listing-approved",
      to: "employer@board.example",
      props: {
        jobId: 1,
        slug: "editor",
        title: "Editor",
        companyName: "Acme",
        expiresAt: new Date().toISOString(),
      },
    });
    expect(approved.text).toContain(`You get this because you posted a job on ${name}.`);
    const invited = await renderMail({
      template: "team-invitation",
      to: "new@board.example",
      props: {
        companyName: "Acme",
        role: "admin",
        inviterName: null,
        token: "t".repeat(40),
        expiresAt: new Date().toISOString(),
      },
    });
    expect(invited.subject).toBe(`Join Acme on ${name}`);

    // Feeds name the board (and describe it) as set; the XML escapes the name.
    const blog = await buildBlogFeed(handle.db, SITE_URL);
    expect(blog).toContain("クリエイター求人 &lt;script&gt;alert(1)&lt;/script&gt; blog");
    expect(blog).not.toContain("Creator Jobs");
    const jobs = await buildJobsAtomFeed(handle.db, SITE_URL, null, storeDescriptionHtml);
    expect(jobs).toContain("New jobs | クリエイター求人 &lt;script&gt;");
    expect(jobs).not.toContain("Creator Jobs");

    // The legal PDF's metadata names the board (pdfkit writes its Author in UTF-16BE).
    const pdf = await legalPdf({
      title: "Terms",
      summary: "The terms",
      markdown: "Text",
      updated: "2026-12-01",
    } as Parameters<typeof legalPdf>[0]);
    const utf16 = (text: string) => Buffer.from(text, "utf16le").swap16().toString("latin1");
    expect(pdf.toString("latin1")).toContain(utf16("クリエイター求人"));
    expect(pdf.toString("latin1")).not.toContain(utf16("Creator Jobs"));

    // The social card: the name and tagline as set, and a version of their own.
    const saved = await put(people.owner, {
      ...blank,
      name: "Praca dla twórców",
      tagline: "Oferty pracy w ekonomii twórców",
    });
    expect(saved.status).toBe(200);
    const facts: CardFacts = {
      eyebrow: "Jobs",
      title: "Editor",
      chips: [],
      figures: [],
      note: null,
      badge: null,
      logo: null,
    };
    const card = html(createElement(Card, { facts, logo: null, board: cardBoard() }));
    expect(card).toContain(">Praca dla twórców<");
    expect(card).toContain(">Oferty pracy w ekonomii twórców<");
    expect(card).not.toContain("Creator Jobs");
    const ownersVersion = cardVersion(facts);
    setBoardSettingsOverrides(null);
    expect(cardVersion(facts)).not.toBe(ownersVersion);
    // A name in a script the card's fonts lack leaves the board's host rather than nothing.
    setBoardSettingsOverrides({ name: "求人" });
    expect(html(createElement(Card, { facts, logo: null, board: cardBoard() }))).toContain(
      `>${new URL(SITE_URL).host}<`,
    );
    forgetBoardSettings();
    await refreshBoardSettings(handle.db);
    expect(boardSettings().name).toBe("Praca dla twórców");
  });

  it("puts a default back when a field is sent blank", async () => {
    const saved = await put(people.owner, { ...blank, name: "  " });
    expect(saved.status).toBe(200);
    expect(boardSettings()).toEqual(DEFAULT_BOARD_SETTINGS);
    expect(senderOf("jobs@board.example", undefined)).toBe("jobs@board.example");
  });
});
