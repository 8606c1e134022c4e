// @vitest-environment node
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { asc } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { trustedAvatarUrl } from "@/lib/users/avatar";
import { MIGRATIONS_FOLDER } from "@/lib/server/db/client";
import { users } from "@/lib/server/db/schema";
import { setUpTestDatabase } from "@/tests/support/database";

const handle = setUpTestDatabase();

const STORED = [
  "https://lh3.googleusercontent.com/a/ACg8ocK=s96-c",
  "https://lh6.googleusercontent.com/a/x",
  "https://media.licdn.com/dms/image/v2/abc/profile-displayphoto",
  "http://lh3.googleusercontent.com/a/x",
  "https://lh3.googleusercontent.com.example.net/a/x",
  "https://example.com/me.png",
  "javascript:alert(1)",
  "data:image/png;base64,AAAA",
];

describe("the migration that drops untrusted avatars", () => {
  it("keeps exactly the pictures the app itself would keep", async () => {
    await handle.db
      .insert(users)
      .values(STORED.map((avatarUrl, i) => ({ firebaseUid: `uid-${i}`, avatarUrl })));
    const sql = readFileSync(join(MIGRATIONS_FOLDER, "0007_trusted_avatars.sql"), "utf8");
    await handle.db.execute(sql);
    const rows = await handle.db
      .select({ avatarUrl: users.avatarUrl })
      .from(users)
      .orderBy(asc(users.id));
    expect(rows.map((row) => row.avatarUrl)).toEqual(STORED.map((url) => trustedAvatarUrl(url)));
  });
});
