import { useId, useState } from 'react';
import type { CSSProperties, ReactNode } from 'react';
import * as RadixAccordion from '@radix-ui/react-accordion';
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

// Radix writes its measured size into an inline style on every answer. The drawn page's inline styles break the
// content security policy (no 'unsafe-inline'), and nothing here animates the height, so the properties stay unset.
const NO_SIZE_PROPERTIES = {
  '--radix-accordion-content-height': undefined,
  '--radix-accordion-content-width': undefined,
  '--radix-collapsible-content-height': undefined,
  '--radix-collapsible-content-width': undefined,
} as CSSProperties;

/**
 * The WAI-ARIA accordion pattern, on Radix's: each question is a button inside a heading that shows or hides its answer
 * (aria-expanded, aria-controls, a labelled region while there are few panels). Several answers may be open at once.
 * Up/Down move between questions, Home/End jump to the first/last.
 * Every answer is in the page while closed (hidden), so the server's first HTML carries all of them.
 */
export function Accordion({ items, headingLevel = 'h2', initiallyOpen = [] }: AccordionProps) {
  const [open, setOpen] = useState(initiallyOpen);
  const baseId = useId();
  const Heading = headingLevel;
  const asRegions = items.length <= MAX_REGION_PANELS;

  return (
    <RadixAccordion.Root type="multiple" value={open} onValueChange={setOpen} className={styles.accordion}>
      {items.map((item) => {
        const buttonId = `${baseId}-${item.id}-button`;
        const panelId = `${baseId}-${item.id}-panel`;
        return (
          <RadixAccordion.Item key={item.id} value={item.id} className={styles.item}>
            <RadixAccordion.Header asChild>
              <Heading className={styles.heading}>
                <RadixAccordion.Trigger id={buttonId} aria-controls={panelId} className={styles.trigger}>
                  <span>{item.title}</span>
                  <span className={styles.icon} aria-hidden="true" />
                </RadixAccordion.Trigger>
              </Heading>
            </RadixAccordion.Header>
            <RadixAccordion.Content
              forceMount
              hidden={!open.includes(item.id)}
              id={panelId}
              role={asRegions ? 'region' : undefined}
              aria-labelledby={asRegions ? buttonId : undefined}
              className={styles.panel}
              style={NO_SIZE_PROPERTIES}
            >
              {item.content}
            </RadixAccordion.Content>
          </RadixAccordion.Item>
        );
      })}
    </RadixAccordion.Root>
  );
}
