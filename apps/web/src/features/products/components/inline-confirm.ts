import { type RefObject, useCallback, useEffect, useRef, useState } from 'react';

/**
 * Focuses the text of a confirmation as it shows, so that keyboard and screen-reader users land on
 * what they are asked to agree to. Give it to the text as its `ref`, with `tabIndex={-1}`.
 */
export const focusOnShow = (el: HTMLElement | null) => el?.focus();

/**
 * A confirmation shown in place of the button that asks for it (Subscribe, Buy, Remove…), and where
 * the keyboard goes around it: on the confirmation's text as it shows (see `focusOnShow`), and back
 * on the button that opened it once it is cancelled or confirmed. When that button is no longer
 * there, because what was confirmed changed the item, the keyboard goes to `fallback` instead: the
 * item's name or heading, focusable with `tabIndex={-1}`, outside what the change may remove.
 */
export function useInlineConfirm(fallback: RefObject<HTMLElement | null>) {
  const [open, setOpen] = useState(false);
  const opener = useRef<HTMLElement | null>(null);
  // Set while the confirmation is showing, and while the keyboard is still to be brought back.
  const showing = useRef(false);
  const returning = useRef(false);

  useEffect(() => {
    if (open || !returning.current) return;
    returning.current = false;
    (opener.current?.isConnected ? opener.current : fallback.current)?.focus();
  }, [open, fallback]);

  // Closed and gone at once (the item changed as it was confirmed): the keyboard goes to `fallback`.
  useEffect(
    () => () => {
      if (returning.current) fallback.current?.focus();
    },
    [fallback],
  );

  /**
   * The `ref` of the button that opens the confirmation. When it goes while it has the keyboard
   * (the item changed after it was confirmed), the keyboard goes to `fallback`.
   */
  const openerRef = useCallback(
    (el: HTMLElement | null) => {
      const gone = opener.current;
      opener.current = el;
      if (!el && gone && !showing.current && document.activeElement === gone) fallback.current?.focus();
    },
    [fallback],
  );

  return {
    open,
    openerRef,
    /** Shows the confirmation in place of its button. */
    show: () => {
      showing.current = true;
      setOpen(true);
    },
    /** Hides it (cancelled, or confirmed), the keyboard going back to its button. */
    hide: () => {
      showing.current = false;
      returning.current = true;
      setOpen(false);
    },
    /** Hides it where the keyboard is (changing what it was about), leaving the keyboard there. */
    dismiss: () => {
      showing.current = false;
      setOpen(false);
    },
  };
}
