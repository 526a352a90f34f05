import manifest from '../package.json';

/** What runs, as /healthz reports it: the service's release (package.json) and the Node.js it runs on. */
export const runtimeVersions = { node: process.version, version: manifest.version } as const;
