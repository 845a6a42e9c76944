import type { ComponentProps } from 'react';

type ScrollRegionProps = Omit<ComponentProps<'section'>, 'aria-label' | 'tabIndex'> & {
  /** What the region holds, e.g. a table's caption; screen readers announce it on focus. */
  label: string;
};

/**
 * A labelled region that scrolls what is wider or taller than the screen (a table on a phone at
 * 390 px); it takes focus so a keyboard can scroll it too (axe scrollable-region-focusable).
 */
export function ScrollRegion({ label, ...props }: ScrollRegionProps) {
  // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must take focus to scroll by keyboard
  return <section aria-label={label} tabIndex={0} {...props} />;
}
