import { useId, useState } from 'react';
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

/** Up/Down move to the next/previous question (round the ends), Home/End to the first/last. */
function moveFocus(event: KeyboardEvent<HTMLButtonElement>) {
  const keys = ['ArrowDown', 'ArrowUp', 'Home', 'End'];
  const accordion = event.currentTarget.closest(`.${styles.accordion}`);
  if (!keys.includes(event.key) || !accordion) return;
  const triggers = [...accordion.querySelectorAll<HTMLButtonElement>(`.${styles.trigger}`)];
  const at = triggers.indexOf(event.currentTarget);
  event.preventDefault();
  const last = triggers.length - 1;
  const next = { ArrowDown: at === last ? 0 : at + 1, ArrowUp: at === 0 ? last : at - 1, Home: 0, End: last }[event.key]!;
  triggers[next]?.focus();
}

/**
 * The WAI-ARIA accordion pattern: each question is a button inside a heading that shows or hides its answer
 * (aria-expanded, aria-controls, a labelled region while there are few panels). Several answers may be open at once.
 * Up/Down move between questions, Home/End jump to the first/last. A few lines of its own rather than a library's:
 * it is on the home page, whose script the first visit waits for.
 * Every answer is in the page while closed (hidden), so the server's first HTML carries all of them.
 */
export function Accordion({ items, headingLevel = 'h2', initiallyOpen = [] }: AccordionProps) {
  const [open, setOpen] = useState(initiallyOpen);
  const baseId = useId();
  const Heading = headingLevel;
  const asRegions = items.length <= MAX_REGION_PANELS;
  const toggle = (id: string) => setOpen((now) => (now.includes(id) ? now.filter((item) => item !== id) : [...now, id]));

  return (
    <div className={styles.accordion}>
      {items.map((item) => {
        const buttonId = `${baseId}-${item.id}-button`;
        const panelId = `${baseId}-${item.id}-panel`;
        const isOpen = open.includes(item.id);
        const state = isOpen ? 'open' : 'closed';
        return (
          <div key={item.id} className={styles.item} data-state={state}>
            <Heading className={styles.heading}>
              <button
                type="button"
                id={buttonId}
                aria-controls={panelId}
                aria-expanded={isOpen}
                className={styles.trigger}
                onClick={() => toggle(item.id)}
                onKeyDown={moveFocus}
              >
                <span>{item.title}</span>
                <span className={styles.icon} aria-hidden="true" />
              </button>
            </Heading>
            <div
              hidden={!isOpen}
              id={panelId}
              role={asRegions ? 'region' : undefined}
              aria-labelledby={asRegions ? buttonId : undefined}
              className={styles.panel}
            >
              {item.content}
            </div>
          </div>
        );
      })}
    </div>
  );
}
