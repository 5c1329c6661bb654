import { Activity, useEffect, useRef } from 'react';
import type { ReactNode, RefObject } from 'react';
import * as Dialog from '@radix-ui/react-dialog';
import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import * as Tooltip from '@radix-ui/react-tooltip';

/**
 * The header's menus, side sheet and tooltip as Radix draws them. About 35 KiB compressed that no first paint
 * needs, so this module is loaded apart (deferred-chrome.tsx): once the page is idle, or when a visitor reaches
 * for a menu before that. The header draws its buttons without it, the same size and place.
 */

/** A CSS module's class name, which its types give as possibly undefined. */
type ClassName = string | undefined;

/** The menu button's own attributes and content, as the header draws it before and after this module arrives. */
export interface MenuTrigger {
  className: ClassName;
  'aria-label': string;
  'data-testid'?: string;
  /** Shown on hover where the button has no words of its own. */
  title?: string;
  children: ReactNode;
}

export type MenuEntry =
  | { kind: 'label'; key: string; content: ReactNode }
  | { kind: 'separator'; key: string }
  | {
      kind: 'item';
      key: string;
      label: ReactNode;
      onSelect: () => void;
      testId?: string;
      /**
       * The item opens a dialog of another app (the subscription modal): it runs once this menu has closed and given
       * the focus back to its button. That dialog has its own copy of Radix, which does not know this menu's layer: had
       * it opened while the menu still held the page, it would take the menu's "no pointer events" for the page's own
       * state and put it back when it closed, leaving the page dead to clicks, and the menu would pull the focus out.
       */
      opensDialog?: boolean;
    }
  | { kind: 'choice'; key: string; value: string; options: readonly { value: string; label: string; lang?: string }[]; onChoose: (value: string) => void };

export interface MenuClasses {
  content: ClassName;
  label: ClassName;
  separator: ClassName;
  item: ClassName;
  check: ClassName;
}

export interface MenuProps {
  trigger: MenuTrigger;
  classes: MenuClasses;
  entries: readonly MenuEntry[];
  /** The visitor pressed the plain button before this module arrived: open at once. */
  defaultOpen: boolean;
  /** The plain button had the keyboard focus: this button takes it over. */
  focusTrigger: boolean;
}

function Entry({ entry, classes, later }: { entry: MenuEntry; classes: MenuClasses; later: (action: () => void) => void }) {
  switch (entry.kind) {
    case 'label':
      return <DropdownMenu.Label className={classes.label}>{entry.content}</DropdownMenu.Label>;
    case 'separator':
      return <DropdownMenu.Separator className={classes.separator} />;
    case 'item':
      return (
        <DropdownMenu.Item className={classes.item} data-testid={entry.testId} onSelect={entry.opensDialog ? () => later(entry.onSelect) : entry.onSelect}>
          {entry.label}
        </DropdownMenu.Item>
      );
    case 'choice':
      return (
        <DropdownMenu.RadioGroup value={entry.value} onValueChange={entry.onChoose}>
          {entry.options.map((option) => (
            <DropdownMenu.RadioItem key={option.value} value={option.value} className={classes.item} lang={option.lang}>
              {option.label}
              <DropdownMenu.ItemIndicator className={classes.check}>✓</DropdownMenu.ItemIndicator>
            </DropdownMenu.RadioItem>
          ))}
        </DropdownMenu.RadioGroup>
      );
  }
}

export function Menu({ trigger, classes, entries, defaultOpen, focusTrigger }: MenuProps) {
  const { children, ...attributes } = trigger;
  const triggerRef = useRef<HTMLButtonElement>(null);
  /** An item's action waiting for the menu to close (see `opensDialog`). */
  const afterClose = useRef<(() => void) | null>(null);
  // Read once: the button replaces the plain one a single time, and later focus is the browser's business.
  const takeFocus = useRef(focusTrigger && !defaultOpen);
  useEffect(() => {
    if (takeFocus.current) triggerRef.current?.focus();
  }, []);
  return (
    <DropdownMenu.Root defaultOpen={defaultOpen}>
      <DropdownMenu.Trigger ref={triggerRef} {...attributes}>
        {children}
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          className={classes.content}
          sideOffset={8}
          align="end"
          collisionPadding={8}
          onCloseAutoFocus={() => {
            // Called once the menu has gone and let go of the page, just before its button gets the focus back: the
            // action runs after that, so a dialog it opens gives the focus back to the button in turn.
            const action = afterClose.current;
            afterClose.current = null;
            if (action) queueMicrotask(action);
          }}
        >
          {entries.map((entry) => (
            <Entry
              key={entry.key}
              entry={entry}
              classes={classes}
              later={(action) => {
                afterClose.current = action;
              }}
            />
          ))}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}

export interface SheetProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The header's menu button, drawn by the header itself: focus goes back to it when the sheet closes. */
  opener: RefObject<HTMLButtonElement | null>;
  title: string;
  closeLabel: string;
  classes: { overlay: ClassName; sheet: ClassName; top: ClassName; title: ClassName; close: ClassName };
  /** Runs each time the sheet has closed and given the focus back to the menu button. */
  onClosed?: () => void;
  children: ReactNode;
}

/**
 * The side sheet that holds the header's items under 768 px. While closed it is drawn ahead, out of sight, in a hidden
 * `<Activity>` (drawn when nothing else is left to do, its effects not running), and it stays drawn when it closes:
 * opening it shows what is drawn and starts its focus trap, scroll lock and outside-click handling, which a closed
 * sheet does not run, and closing it hides it rather than taking it apart. React hides the portal's nodes with the
 * Activity, so a closed sheet is not in view, in the accessibility tree or under a pointer.
 */
export function Sheet({ open, onOpenChange, opener, title, closeLabel, classes, onClosed, children }: SheetProps) {
  return (
    <Activity mode={open ? 'visible' : 'hidden'}>
      <Dialog.Root open={open} onOpenChange={onOpenChange}>
        {/* A container given at once: Radix's own waits for a layout effect, which a hidden Activity does not run. */}
        <Dialog.Portal forceMount container={document.body}>
          <Dialog.Overlay forceMount className={classes.overlay} />
          <Dialog.Content
            forceMount
            className={classes.sheet}
            data-testid="side-sheet"
            aria-describedby={undefined}
            onCloseAutoFocus={(event) => {
              event.preventDefault();
              opener.current?.focus();
              onClosed?.();
            }}
          >
            <div className={classes.top}>
              <Dialog.Title className={classes.title}>{title}</Dialog.Title>
              <Dialog.Close className={classes.close} aria-label={closeLabel}>
                ×
              </Dialog.Close>
            </div>
            {children}
          </Dialog.Content>
        </Dialog.Portal>
      </Dialog.Root>
    </Activity>
  );
}

/** Tooltips open after 700 ms, Radix's default. */
const TOOLTIP_DELAY_MS = 700;

/** A tooltip over `children`, which must be one element that takes focus (a link or a button). */
export function WithTooltip({ children, content, className }: { children: ReactNode; content: ReactNode; className: ClassName }) {
  return (
    <Tooltip.Provider delayDuration={TOOLTIP_DELAY_MS}>
      <Tooltip.Root>
        <Tooltip.Trigger asChild>{children}</Tooltip.Trigger>
        <Tooltip.Portal>
          <Tooltip.Content className={className} sideOffset={6}>
            {content}
          </Tooltip.Content>
        </Tooltip.Portal>
      </Tooltip.Root>
    </Tooltip.Provider>
  );
}
