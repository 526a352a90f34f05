import type { Express, RequestHandler } from 'express';
import { HttpError } from './http-error';

/**
 * 405 with `Allow` for a known path asked with a method it does not serve (RFC 9110 §15.5.6), where
 * Express would say 404. The methods are read from the app's own routes, so endpoints added later
 * are covered without listing them here.
 */

// The parts of Express 5's router (the `router` package) this reads; it has no public types for them.
interface RouterLayer {
  match(path: string): unknown;
  route?: { _methods(): string[] };
  handle?: { stack?: RouterLayer[] };
}

function methodsFor(stack: readonly RouterLayer[], path: string, methods = new Set<string>()): Set<string> {
  for (const layer of stack) {
    if (!layer.match(path)) continue;
    if (layer.route) for (const method of layer.route._methods()) methods.add(method.toUpperCase());
    // Routers mounted with app.use(router) at '/': their routes see the same path.
    else if (layer.handle?.stack) methodsFor(layer.handle.stack, path, methods);
  }
  return methods;
}

export function methodNotAllowed(app: Express): RequestHandler {
  return (req, res, next) => {
    const stack = (app as unknown as { router: { stack: RouterLayer[] } }).router.stack;
    const methods = methodsFor(stack, req.path);
    if (methods.size === 0 || methods.has(req.method)) return next();
    if (methods.has('GET')) methods.add('HEAD');
    methods.add('OPTIONS'); // Express answers OPTIONS itself on every known path
    const allow = [...methods].sort().join(', ');
    res.set('Allow', allow);
    next(new HttpError(405, `${req.method} is not allowed here; allowed: ${allow}`));
  };
}
