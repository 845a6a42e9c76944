import { type ComponentProps, type ComponentType, type LazyExoticComponent, lazy } from 'react';

/**
 * React.lazy for a portal part that uses TanStack Query: the query library and the page's client load
 * with the part's code, so a first visit that opens nothing loads neither (decision 316). A lazy part
 * in the portal's first load that reaches Query without this fails lazy-parts.test.ts.
 */
// biome-ignore lint/suspicious/noExplicitAny: the same bound as React.lazy's, so any component fits
export function lazyWithPageQuery<Part extends ComponentType<any>>(
  load: () => Promise<{ default: Part }>,
): LazyExoticComponent<Part> {
  return lazy(async () => {
    const [{ default: Part }, { PageQueryProvider }] = await Promise.all([
      load(),
      import('./page-query-client'),
    ]);
    function WithPageQuery(props: ComponentProps<Part>) {
      return (
        <PageQueryProvider>
          <Part {...props} />
        </PageQueryProvider>
      );
    }
    WithPageQuery.displayName = `WithPageQuery(${Part.displayName ?? Part.name})`;
    return { default: WithPageQuery as unknown as Part };
  });
}
