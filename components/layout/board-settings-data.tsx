import { BOARD_SETTINGS_ELEMENT, boardSettingsOverrides } from "@/lib/board-settings";
import { scriptJson } from "@/lib/script-json";

/**
 * The board's settings the owner changed (lib/board-settings.ts), as JSON in the page, for the
 * browser to render the header and footer as the server did; nothing when none changed (today's
 * page, byte for byte). Rendered by pages/_document.tsx on the server only.
 */
export function BoardSettingsData() {
  const overrides = boardSettingsOverrides();
  return overrides ? (
    <script
      type="application/json"
      id={BOARD_SETTINGS_ELEMENT}
      // scriptJson escapes "<": a name with </script> in it cannot end the element.
      dangerouslySetInnerHTML={{ __html: scriptJson(overrides) }}
    />
  ) : null;
}
