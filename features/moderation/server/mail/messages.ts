import type { BoardRole } from "@/lib/auth/board-roles";

/*
 * The mail moderation sends: each template's props, added to the registry of every message
 * (lib/server/mail/messages.ts). Its templates are beside this file.
 */

declare module "@/lib/server/mail/messages" {
  interface MailTemplates {
    /**
     * To an address invited to the board's own team (issue 64): the link carries the
     * invitation's token (only its hash is stored); the queued message holds it until sent.
     */
    "board-invitation": {
      role: BoardRole;
      inviterName: string | null;
      token: string;
      expiresAt: string;
    };
    /** To a member of the board's team whose place on it changed: a new role, or removed. */
    "board-change": {
      recipientName: string | null;
      change: "role" | "removed";
      /** The new role, for a role change. */
      role: BoardRole | null;
    };
  }
}
