import { useId, useRef, useState } from 'react';
import type { KeyboardEvent, ReactNode } from 'react';
import styles from './accordion.module.css';

/**
 * Above this many panels, labelled regions would flood the landmark list (WAI-ARIA advises against
 * region panels then), so the answers become plain containers; the buttons still control them.
 */
export const MAX_REGION_PANELS = 6;

export interface AccordionItem {
  id: string;
  title: string;
  content: ReactNode;
}

interface AccordionProps {
  items: AccordionItem[];
  headingLevel?: 'h2' | 'h3';
  /** Items open at first. */
  initiallyOpen?: string[];
}

/**
 * The WAI-ARIA accordion pattern: each question is a button inside a heading that shows or hides
 * its answer (aria-expanded, aria-controls, a labelled region while there are few panels). Several answers may be open at once.
 * Up/Down move between questions, Home/End jump to the first/last.
 */
export function Accordion({ items, headingLevel = 'h2', initiallyOpen = [] }: AccordionProps) {
  const [open, setOpen] = useState<ReadonlySet<string>>(() => new Set(initiallyOpen));
  const baseId = useId();
  const buttons = useRef<Array<HTMLButtonElement | null>>([]);
  const Heading = headingLevel;
  const asRegions = items.length <= MAX_REGION_PANELS;

  const toggle = (id: string) =>
    setOpen((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const last = items.length - 1;
    const target = { ArrowDown: index === last ? 0 : index + 1, ArrowUp: index === 0 ? last : index - 1, Home: 0, End: last }[event.key];
    if (target === undefined) return;
    event.preventDefault();
    buttons.current[target]?.focus();
  };

  return (
    <div className={styles.accordion}>
      {items.map((item, index) => {
        const expanded = open.has(item.id);
        const buttonId = `${baseId}-${item.id}-button`;
        const panelId = `${baseId}-${item.id}-panel`;
        return (
          <div key={item.id} className={styles.item} data-open={expanded}>
            <Heading className={styles.heading}>
              <button
                ref={(element) => {
                  buttons.current[index] = element;
                }}
                id={buttonId}
                type="button"
                className={styles.trigger}
                aria-expanded={expanded}
                aria-controls={panelId}
                onClick={() => toggle(item.id)}
                onKeyDown={(event) => onKeyDown(event, index)}
              >
                <span>{item.title}</span>
                <span className={styles.icon} aria-hidden="true" />
              </button>
            </Heading>
            <div
              id={panelId}
              role={asRegions ? 'region' : undefined}
              aria-labelledby={asRegions ? buttonId : undefined}
              className={styles.panel}
              hidden={!expanded}
            >
              {item.content}
            </div>
          </div>
        );
      })}
    </div>
  );
}
