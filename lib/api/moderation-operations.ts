import { operation } from "./operation";

/** The API's moderation operations; spread into `operations` (lib/api/operations.ts). */
export const moderationOperations = {} as const satisfies Record<string, ReturnType<typeof operation>>;
