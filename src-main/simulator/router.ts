import type { IncomingMessage, ServerResponse } from 'node:http';
import { httpError } from './errors';

export interface RouteRequest {
  req: IncomingMessage;
  res: ServerResponse;
  params: Record<string, string>;
}

interface Route {
  method: string;
  pattern: RegExp;
  names: string[];
  handle: (request: RouteRequest) => Promise<void> | void;
}

/** Path patterns like `/api/v2/payments/:id/status`; a known path with another method is 405. */
export class Router {
  private readonly routes: Route[] = [];

  add(method: string, path: string, handle: Route['handle']): this {
    const names: string[] = [];
    const escaped = path
      .split('/')
      .map((segment) => {
        if (!segment.startsWith(':')) return segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
        names.push(segment.slice(1));
        return '([^/]+)';
      })
      .join('/');
    this.routes.push({ method, pattern: new RegExp(`^${escaped}/?$`), names, handle });
    return this;
  }

  /** Runs the route's handler for a request, or throws a 404 / 405 SimError. */
  handle(method: string, pathname: string, req: IncomingMessage, res: ServerResponse): Promise<void> | void {
    const allowed: string[] = [];
    for (const route of this.routes) {
      const match = route.pattern.exec(pathname);
      if (!match) continue;
      if (route.method !== method) {
        allowed.push(route.method);
        continue;
      }
      const params: Record<string, string> = {};
      for (let index = 0; index < route.names.length; index++)
        params[route.names[index]!] = safeDecode(match[index + 1] ?? '');
      return route.handle({ req, res, params });
    }
    if (allowed.length)
      throw httpError(405, `${method} is not defined for ${pathname}; use ${allowed.join(', ')}.`, {
        headers: { Allow: allowed.join(', ') },
      });
    // A base URL configured with a trailing slash makes clients call `…/v2//payments`: say so, since the
    // path otherwise looks right at a glance.
    if (pathname.includes('//'))
      throw httpError(
        404,
        `No operation is defined at ${pathname}: the path has a double slash ("//"), typically a base URL ending in "/" joined with "/payments".`,
      );
    throw httpError(404, `No operation is defined at ${pathname}.`);
  }
}

const safeDecode = (segment: string): string => {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
};
