import { useId, useRef, type KeyboardEvent, type ReactNode } from "react";

export type TabItem = {
  title: string;
  panel: ReactNode;
  panelClassName?: string;
  /** The panel's content holds the focus stop (a text area): the panel itself takes none. */
  panelHasStop?: boolean;
};

/**
 * Tabs as the ARIA tabs pattern has them, wired in the HTML the server sends (Headless UI's
 * tabs learn their panels' ids only once mounted, so served HTML had tabs controlling nothing):
 * a tablist whose tabs control their panels (aria-controls) and name them (aria-labelledby);
 * the chosen tab is the list's one stop, Left and Right move between tabs (wrapping), Home and
 * End go to the first and last, each choosing as it moves. Every panel stays mounted (hidden
 * when not chosen), so what is typed in one is kept while another is shown.
 */
export function Tabs({
  label,
  tabs,
  selected,
  onSelect,
  className,
  tabClassName,
  tabListClassName,
  panelsClassName,
}: {
  /** What the tabs switch between, for the tablist's name. */
  label: string;
  tabs: readonly TabItem[];
  selected: number;
  onSelect: (index: number) => void;
  className?: string;
  tabClassName?: string;
  tabListClassName?: string;
  panelsClassName?: string;
}) {
  const id = useId();
  const tabId = (index: number) => `${id}-tab-${index}`;
  const panelId = (index: number) => `${id}-panel-${index}`;
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);

  const choose = (index: number) => {
    onSelect(index);
    buttons.current[index]?.focus();
  };
  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const last = tabs.length - 1;
    const next = {
      ArrowLeft: index === 0 ? last : index - 1,
      ArrowRight: index === last ? 0 : index + 1,
      Home: 0,
      End: last,
    }[event.key];
    if (next === undefined) return;
    event.preventDefault();
    choose(next);
  };

  return (
    <div className={className}>
      <div role="tablist" aria-label={label} className={tabListClassName}>
        {tabs.map((tab, index) => (
          <button
            key={tab.title}
            ref={(button) => {
              buttons.current[index] = button;
            }}
            type="button"
            role="tab"
            id={tabId(index)}
            aria-controls={panelId(index)}
            aria-selected={index === selected}
            tabIndex={index === selected ? 0 : -1}
            data-selected={index === selected ? "" : undefined}
            className={tabClassName}
            onClick={() => choose(index)}
            onKeyDown={(event) => onKeyDown(event, index)}
          >
            {tab.title}
          </button>
        ))}
      </div>
      <div className={panelsClassName}>
        {tabs.map((tab, index) => (
          <div
            key={tab.title}
            role="tabpanel"
            id={panelId(index)}
            aria-labelledby={tabId(index)}
            hidden={index !== selected}
            tabIndex={tab.panelHasStop || index !== selected ? -1 : 0}
            className={tab.panelClassName}
          >
            {tab.panel}
          </div>
        ))}
      </div>
    </div>
  );
}
