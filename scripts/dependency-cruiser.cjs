/**
 * The project's import boundaries (dependency-cruiser): the storefront's
 * layers go one way, app -> features -> state -> api, auth, domain, ui; the
 * machines and the domain rules stay free of React and effects; the server
 * never reaches into the in-memory backend; no import cycle, no import of a
 * file that is not there.
 * @type {import('dependency-cruiser').IConfiguration}
 */
module.exports = {
  forbidden: [
    {
      name: 'features-not-app',
      comment: 'A screen is wired by the app (routes, layout), never the other way round.',
      severity: 'error',
      from: { path: '^src/features/' },
      to: { path: '^src/app/' },
    },
    {
      name: 'state-not-screens',
      comment: 'The shared state serves every screen, so it knows none of them.',
      severity: 'error',
      from: { path: '^src/state/' },
      to: { path: '^src/(app|features)/' },
    },
    {
      name: 'foundations-not-up',
      comment: 'The API client, auth, domain rules and UI kit are used by the layers above, never the reverse.',
      severity: 'error',
      from: { path: '^src/(api|auth|domain|ui)/' },
      to: { path: '^src/(app|features|state)/' },
    },
    {
      name: 'domain-pure',
      comment: 'Pure rules: no API calls, storage, React or UI (the types generated from openapi.yaml are the vocabulary).',
      severity: 'error',
      from: { path: '^src/domain/' },
      to: { path: '^src/(api|auth|ui)/|node_modules/(react|react-dom|msw|firebase)/', pathNot: '^src/api/schema\\.d\\.ts$' },
    },
    {
      name: 'machines-not-screens',
      comment:
        'Machines take their effects through provide; they may name the types of what is provided, never import the app, the screens, the UI or the API.',
      severity: 'error',
      from: { path: '^machines/', pathNot: '\\.test\\.ts$' },
      to: { path: '^src/(app|features|state|ui|api|auth)/', dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'features-apart',
      comment: 'A feature does not reach into another; what two share moves down to state, ui or domain, and the app composes them.',
      severity: 'error',
      from: { path: '^src/features/([^/]+)/' },
      to: { path: '^src/features/', pathNot: '^src/features/$1/' },
    },
    {
      name: 'browser-not-server',
      comment: 'The browser reaches the server only through the API.',
      severity: 'error',
      from: { path: '^src/' },
      to: { path: '^server/' },
    },
    {
      name: 'core-on-domain-only',
      comment:
        "The API rules (server/core) build on the domain rules, the contract types and the seed's picture paths only: no adapters, no browser code.",
      severity: 'error',
      from: { path: '^server/core/' },
      to: { path: '^(src/(?!domain/|api/schema\\.d\\.ts)|server/(?!core/)|mocks/)' },
    },
    {
      name: 'server-not-mocks',
      comment: 'What the server and the mock backend share lives in seed/ (and the core in server/core, which mocks/ imports).',
      severity: 'error',
      from: { path: '^server/' },
      to: { path: '^mocks/' },
    },
    {
      name: 'no-circular',
      comment:
        'Modules that import each other load in an order that depends on who came first, and cannot be understood or moved apart. A type-only import is erased and a dynamic import() runs later, so neither closes a cycle.',
      severity: 'error',
      from: {},
      to: {
        circular: true,
        dependencyTypesNot: ['type-only', 'dynamic-import'],
        viaOnly: { dependencyTypesNot: ['type-only', 'dynamic-import'] },
      },
    },
    {
      name: 'not-to-unresolvable',
      comment: 'An import that resolves to no file fails only when it runs; here it fails at once.',
      severity: 'error',
      from: {},
      to: { couldNotResolve: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'require', 'node', 'default', 'types'] },
  },
};
