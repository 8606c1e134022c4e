import type { AssignableRole, CompanyRole } from "@/lib/auth/company-roles";

/*
 * The mail companies sends: each template's props, added to the registry of every message
 * (lib/server/mail/messages.ts). Its templates are beside this file.
 */

declare module "@/lib/server/mail/messages" {
  interface MailTemplates {
    /**
     * To an address invited to a company's team (issue 44): the link carries the invitation's
     * token (only its hash is stored); the queued message holds it until the mail is sent.
     */
    "team-invitation": {
      companyName: string;
      role: AssignableRole;
      inviterName: string | null;
      token: string;
      expiresAt: string;
    };
    /** To a member whose place in a company changed: a new role, removed, or made its owner. */
    "team-change": {
      recipientName: string | null;
      companyName: string;
      change: "role" | "removed" | "owner";
      /** The new role, for a role change. */
      role: CompanyRole | null;
    };
  }
}
