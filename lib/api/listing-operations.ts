import { operation } from "./operation";

/** The API's listing operations; spread into `operations` (lib/api/operations.ts). */
export const listingOperations = {} as const satisfies Record<string, ReturnType<typeof operation>>;
