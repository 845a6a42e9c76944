/**
 * Import boundaries: web and server meet only in shared; web features stay independent and build on
 * components/ui, which stays generic; no cycles. Server modules are layered (docs/architecture.md):
 * one imports only modules of a lower layer, only through their index.ts.
 */

/**
 * Server modules, lowest first: a module may import modules of lower layers only (decision 290), and
 * core (src/server/core), which sits below every module.
 */
const serverModuleLayers = [
  ['audit', 'backup', 'consent', 'health', 'search'],
  ['analytics', 'assets', 'custom-domains', 'knowledge-base', 'mail', 'plan-features', 'webhooks'],
  ['cards', 'notifications', 'subscriptions'],
  ['access', 'documents', 'products', 'specialised-cards', 'staff', 'updates'],
  [
    'accounts',
    'comments',
    'portal',
    'questionnaires',
    'staff-users',
    'subprocessor-notices',
    'tprm',
    'trust-center-export',
  ],
  ['agents', 'integrations'],
];
const moduleFolders = (names) => `^src/server/modules/(${names.join('|')})/`;
// Tests and their helpers set up whatever they need; the boundaries are for the running server.
const serverTestCode = ['\\.test\\.tsx?$', '/test-(support|helpers)(\\.ts$|/)', '^src/server/test/'];

const serverModuleRules = [
  ...serverModuleLayers.map((layer, index) => ({
    name: `server-modules-layered-${index + 1}`,
    comment: `Layer ${index + 1} (${layer.join(', ')}) imports only lower layers: no loop between modules.`,
    severity: 'error',
    from: { path: moduleFolders(layer), pathNot: serverTestCode },
    to: { path: moduleFolders(serverModuleLayers.slice(index).flat()), pathNot: '^src/server/modules/$1/' },
  })),
  {
    name: 'server-module-listed-in-layers',
    comment: 'A new folder in src/server/modules gets its place in serverModuleLayers.',
    severity: 'error',
    from: { path: '^src/server/modules/[^/]+/', pathNot: [moduleFolders(serverModuleLayers.flat()), ...serverTestCode] },
    to: {},
  },
  {
    name: 'server-core-is-lowest',
    comment: 'core serves every module and imports none, nor the composition roots or the seed.',
    severity: 'error',
    from: { path: '^src/server/core/', pathNot: serverTestCode },
    to: { path: '^src/server/(modules|seed)/|^src/server/(app|jobs|main)\\.ts$' },
  },
  {
    name: 'server-core-through-index',
    comment: 'core is used through its index.ts, as a module is.',
    severity: 'error',
    from: { path: '^src/server/', pathNot: ['^src/server/core/', ...serverTestCode] },
    to: { path: '^src/server/core/', pathNot: '^src/server/core/index\\.ts$' },
  },
  {
    name: 'server-module-through-index',
    comment: "Another module is used through its index.ts, never by reaching into its files.",
    severity: 'error',
    from: { path: '^src/server/modules/([^/]+)/', pathNot: serverTestCode },
    to: { path: '^src/server/modules/', pathNot: ['^src/server/modules/$1/', '^src/server/modules/[^/]+/index\\.ts$'] },
  },
  {
    name: 'server-roots-through-index',
    comment: 'app.ts, jobs.ts, main.ts and the seed (src/server/seed) use a module through its index.ts as well.',
    severity: 'error',
    from: { path: '^src/server/', pathNot: ['^src/server/modules/', ...serverTestCode] },
    to: { path: '^src/server/modules/[^/]+/', pathNot: '^src/server/modules/[^/]+/index\\.ts$' },
  },
  {
    name: 'server-lower-layers-not-modules',
    comment: 'plugins, providers, render, net, db and policy sit below the modules (core is below them too).',
    severity: 'error',
    from: { path: '^src/server/(plugins|providers|render|net|db|policy)/', pathNot: serverTestCode },
    to: { path: '^src/server/(modules|seed)/' },
  },
];

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
    ...serverModuleRules,
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    tsConfig: { fileName: 'tsconfig.json' },
    tsPreCompilationDeps: true,
    // Only the build output: a package's own dist/ folder is where an import of it resolves.
    exclude: { path: '^dist/' },
  },
};
