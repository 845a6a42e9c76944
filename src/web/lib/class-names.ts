/** Joins the truthy class names; enough for our components without a dependency. */
export function classNames(...values: Array<string | false | null | undefined>): string {
  return values.filter(Boolean).join(' ');
}
