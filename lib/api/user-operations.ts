// First: zod must be told not to try eval before this module builds its schemas.
import "@/lib/zod-jitless";
import { z } from "zod";
import { currentUserChangesSchema, currentUserSchema } from "@/lib/users/schemas";
import { operation } from "./operation";

/**
 * The signed-in person's account: read, change, delete. Spread into `operations`
 * (lib/api-registry/operations.ts).
 */
export const userOperations = {
  getCurrentUser: operation({
    method: "GET",
    path: "/api/current_user",
    summary: "The signed-in person",
    access: "user",
    answers: { 200: currentUserSchema },
  }),
  updateCurrentUser: operation({
    method: "PATCH",
    path: "/api/current_user",
    summary: "Change the signed-in person's profile",
    access: "user",
    body: z.strictObject({ user: currentUserChangesSchema }),
    envelope: "user",
    answers: { 200: currentUserSchema },
  }),
  deleteCurrentUser: operation({
    method: "DELETE",
    path: "/api/current_user",
    summary: "Delete the account, everything in it and the Firebase user",
    description:
      "409 for the owner of a company with other members: they hand it over to an admin first.",
    access: "user",
    answers: { 200: z.strictObject({ deleted: z.literal(true) }) },
    errors: [409],
  }),
} as const satisfies Record<string, ReturnType<typeof operation>>;
