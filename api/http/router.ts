import { Hono } from 'hono';
import type { Deps } from '../deps.ts';
import type { AppEnv } from './env.ts';

/** One part of a router: its routes (or a middleware for those after it), registered on `app`. */
type RouteGroup = (app: Hono<AppEnv>, deps: Deps) => void;

/** A router made of its parts, registered in order (so a middleware part guards the parts after it). */
export function routerOf(deps: Deps, groups: readonly RouteGroup[]): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  for (const group of groups) group(app, deps);
  return app;
}
