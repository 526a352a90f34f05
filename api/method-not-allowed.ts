import type { Express, RequestHandler } from 'express';
import { match } from 'path-to-regexp';
import type Router from 'router';
import { HttpError } from './http-error';

/**
 * 405 with `Allow` for a known path asked with a method it does not serve (RFC 9110 §15.5.6), where
 * Express would say 404. The methods are read from the app's own routes, so endpoints added later
 * are covered without listing them here.
 */

interface KnownPath {
  matches(path: string): boolean;
  /** Uppercase; `*` for a route that takes any method. */
  methods: readonly string[];
}

/**
 * Every route path of a router (its `listRoutes`, router ≥ 2.3), matched as Express matches routes:
 * case-insensitive, a trailing slash allowed. Routers are mounted with app.use(router) at '/', so
 * their routes see the same path.
 */
function knownPaths(router: Pick<Router.MountedRouter, 'listRoutes'>): KnownPath[] {
  return (router.listRoutes?.() ?? []).flatMap((route): KnownPath[] => {
    if (route.router) return knownPaths(route.router);
    const { path, methods } = route;
    if (path instanceof RegExp) return [{ matches: (requested) => path.test(requested), methods }];
    const matcher = match(path, { sensitive: false, end: true, trailing: true });
    return [{ matches: (requested) => matcher(requested) !== false, methods }];
  });
}

export function methodNotAllowed(app: Express): RequestHandler {
  let known: KnownPath[] | undefined;
  return (req, res, next) => {
    // Read at the first request, when every route is in place. Express 5's app.router is the router
    // package's Router, which @types/express types as its own (without listRoutes).
    known ??= knownPaths(app.router as unknown as Router.Router);
    const methods = new Set(known.filter((path) => path.matches(req.path)).flatMap((path) => path.methods));
    if (methods.size === 0 || methods.has('*') || methods.has(req.method)) return next();
    if (methods.has('GET')) methods.add('HEAD');
    methods.add('OPTIONS'); // Express answers OPTIONS itself on every known path
    const allow = [...methods].sort().join(', ');
    res.set('Allow', allow);
    next(new HttpError(405, `${req.method} is not allowed here; allowed: ${allow}`));
  };
}
