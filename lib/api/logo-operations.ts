import { operation } from "./operation";

/** The API's logo operations; spread into `operations` (lib/api/operations.ts). */
export const logoOperations = {} as const satisfies Record<string, ReturnType<typeof operation>>;
