/**
 * Import boundaries: web and server meet only in shared; web features stay independent and build on
 * components/ui, which stays generic; no cycles.
 */
module.exports = {
  forbidden: [
    { name: 'no-cycles', severity: 'error', from: {}, to: { circular: true } },
    { name: 'web-not-server', severity: 'error', from: { path: '^src/web' }, to: { path: '^src/server' } },
    { name: 'server-not-web', severity: 'error', from: { path: '^src/server' }, to: { path: '^src/web' } },
    { name: 'shared-is-pure', severity: 'error', from: { path: '^src/shared' }, to: { path: '^src/(server|web)' } },
    {
      name: 'web-features-independent',
      severity: 'error',
      from: { path: '^src/web/features/([^/]+)/' },
      to: { path: '^src/web/features/', pathNot: '^src/web/features/$1/' },
    },
    {
      name: 'web-features-use-ui-not-radix',
      comment: 'Features build on src/web/components/ui (popover, dialog, menu, table…), never on Radix itself.',
      severity: 'error',
      from: { path: '^src/web/features/' },
      to: { path: '(^|/)node_modules/(radix-ui|@radix-ui/)' },
    },
    {
      name: 'web-ui-is-generic',
      comment: 'components/ui holds product-agnostic primitives: no feature or domain component.',
      severity: 'error',
      from: { path: '^src/web/components/ui/' },
      to: { path: '^src/web/(features|components/domain)/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    tsConfig: { fileName: 'tsconfig.json' },
    tsPreCompilationDeps: true,
    // Only the build output: a package's own dist/ folder is where an import of it resolves.
    exclude: { path: '^dist/' },
  },
};
