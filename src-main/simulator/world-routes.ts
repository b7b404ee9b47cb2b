/**
 * `/__simulator/worlds`: make, list and discard worlds (control API of the simulator, not of a world).
 * POST `{ id?, clockOffsetMs? }` → 201 `{ id, basePath, apiUrl, controlUrl, clock }`; GET lists them;
 * DELETE `/__simulator/worlds/<id>` discards one and its state file.
 */
import { CONTROL_PREFIX, objectBody } from './control-routes';
import { httpError } from './errors';
import { sendJson } from './http-io';
import type { Router } from './router';
import type { SimWorld } from './world';
import { checkWorldId, type WorldRegistry } from './worlds';

const summary = (world: SimWorld) => ({
  id: world.id,
  basePath: world.basePath,
  apiUrl: world.apiUrl,
  controlUrl: world.controlUrl,
  clock: world.control.clockView(),
  transactions: world.control.transactionCount(),
});

export function addWorldRoutes(router: Router, worlds: WorldRegistry, maxBodyBytes: number): void {
  const prefix = `${CONTROL_PREFIX}/worlds`;
  router
    .add('GET', prefix, ({ res }) =>
      sendJson(res, 200, {
        autoCreate: worlds.autoCreate,
        max: worlds.maxWorlds,
        worlds: worlds.list().map(summary),
      }),
    )
    .add('POST', prefix, async ({ req, res }) => {
      const body = await objectBody(req, maxBodyBytes);
      if (body.id !== undefined && typeof body.id !== 'string') checkWorldId(body.id);
      if (body.clockOffsetMs !== undefined && typeof body.clockOffsetMs !== 'number')
        throw httpError(400, 'clockOffsetMs: must be a number of milliseconds');
      const world = worlds.create({
        ...(body.id !== undefined ? { id: body.id as string } : {}),
        ...(body.clockOffsetMs !== undefined ? { clockOffsetMs: body.clockOffsetMs as number } : {}),
      });
      sendJson(res, 201, summary(world));
    })
    .add('GET', `${prefix}/:id`, ({ res, params }) => {
      const id = checkWorldId(params.id);
      const world = worlds.get(id);
      if (!world) throw httpError(404, `The world "${id}" does not exist.`);
      sendJson(res, 200, summary(world));
    })
    .add('DELETE', `${prefix}/:id`, ({ res, params }) => {
      const id = checkWorldId(params.id);
      if (!worlds.delete(id)) throw httpError(404, `The world "${id}" does not exist.`);
      sendJson(res, 200, { deleted: id });
    });
}
