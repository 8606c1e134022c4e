import { boardContext } from "./board-context";
import { fetchAshby } from "./ashby";
import { fetchGreenhouse } from "./greenhouse";
import { fetchLever } from "./lever";
import { fetchRecruitee } from "./recruitee";
import type { FetchBoard } from "./types";
import { fetchWorkable } from "./workable";

/** Reads a whole board of any ATS: its adapter, with one deadline for all its requests. */
export const fetchBoard: FetchBoard = (kind, board, options) => {
  const context = boardContext(kind, options);
  switch (kind) {
    case "greenhouse":
      return fetchGreenhouse(board, context);
    case "lever":
      return fetchLever(board, context, "api.lever.co");
    case "lever_eu":
      return fetchLever(board, context, "api.eu.lever.co");
    case "ashby":
      return fetchAshby(board, context);
    case "workable":
      return fetchWorkable(board, context);
    case "recruitee":
      return fetchRecruitee(board, context);
  }
};
