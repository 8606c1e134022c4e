/** The largest id an `integer` column holds: every id the app takes is checked against it. */
export const MAX_ID = 2_147_483_647;
