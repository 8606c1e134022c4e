import { operation } from "./operation";

/** The API's stats operations; spread into `operations` (lib/api/operations.ts). */
export const statsOperations = {} as const satisfies Record<string, ReturnType<typeof operation>>;
