/**
 * The simulator's worlds: the default one (its own state, at the plain paths) and up to MAX_WORLDS
 * others, each served under `/worlds/<id>/…` (gateway at `/worlds/<id>/api/v2/…`, control API at
 * `/worlds/<id>/__simulator/…`). A world id comes from a URL, so it is outside text: it is checked
 * against WORLD_ID before it is used, kept as a Map key (never an object key) and becomes a file name
 * only after that check.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, readdirSync, rmSync } from 'node:fs';
import { basename, dirname, extname, join } from 'node:path';
import { httpError } from './errors';
import type { ResolvedOptions, WebhookTarget } from './options';
import { createRandom } from './random';
import { SimulatorStateFile } from './state-file';
import { DEFAULT_WORLD_ID, openWorld, type HostedWorld, type SimWorld } from './world';

/** Lowercase letters, digits and hyphens, 1 to 40, not starting with a hyphen: safe in a URL and as a file name. */
export const WORLD_ID = /^[a-z0-9][a-z0-9-]{0,39}$/;
export const WORLDS_PATH = '/worlds';
/** Worlds besides the default one. Each holds its state in memory (and, persisted, an open file). */
export const MAX_WORLDS = 1_000;
/** A new world's clock may start as far ahead as the clock control can move it. */
const MAX_CLOCK_OFFSET_MS = 400 * 86_400_000;

export interface CreateWorldOptions {
  /** Default: a random id (`w-` and 10 hex digits). */
  id?: string;
  /** How far ahead of real time the new world's clock starts, in ms (0 to 400 days). Default 0. */
  clockOffsetMs?: number;
}

/** `RunningSimulator.worlds`: what the console and tests do with worlds in-process. */
export interface SimWorlds {
  /** Makes a world; throws a SimError (400 bad id or offset, 409 id taken or MAX_WORLDS reached). */
  create(options?: CreateWorldOptions): SimWorld;
  /** The world with this id (`default` is the simulator's own state), or undefined. */
  get(id: string): SimWorld | undefined;
  /** Discards a world: its transactions, pending jobs, deliveries and state file. False when unknown. */
  delete(id: string): boolean;
  /** The default world first, then the others in creation order. */
  list(): SimWorld[];
  /** Whether a request to `/worlds/<unknown id>/…` creates that world (see docs/simulator.md). */
  readonly autoCreate: boolean;
}

/** Refuses an id that is not a world id, saying what one looks like (the id is quoted, shortened). */
export function checkWorldId(id: unknown): string {
  if (typeof id === 'string' && WORLD_ID.test(id)) return id;
  const shown = typeof id === 'string' ? JSON.stringify(id.slice(0, 60)) : typeof id;
  throw httpError(
    400,
    `The world id ${shown} is not valid: use 1 to 40 lowercase letters, digits and hyphens, starting with a letter or digit.`,
  );
}

/**
 * Splits `/worlds/<id>/rest` into the id (checked, still encoded: `%2e` and the like are refused, not
 * decoded into something else) and the path the world routes. Returns null for other paths.
 */
export function splitWorldPath(pathname: string): { id: string; rest: string } | null {
  if (!pathname.startsWith(`${WORLDS_PATH}/`)) return null;
  const start = WORLDS_PATH.length + 1;
  const end = pathname.indexOf('/', start);
  const id = checkWorldId(end < 0 ? pathname.slice(start) : pathname.slice(start, end));
  return { id, rest: end < 0 ? '/' : pathname.slice(end) };
}

/** Where the worlds of a simulator persisted in `statePath` keep their files: `<dir>/<name>.worlds/`. */
export const worldsDirectory = (statePath: string): string =>
  join(dirname(statePath), `${basename(statePath, extname(statePath))}.worlds`);

/** A seeded simulator gives each world its own deterministic sequence, moved on by what it restored. */
function worldSeed(seed: number | undefined, id: string, restored: number): number | undefined {
  if (seed === undefined) return undefined;
  let hash = 0x811c9dc5;
  for (let index = 0; index < id.length; index++) hash = Math.imul(hash ^ id.charCodeAt(index), 0x01000193);
  return (seed ^ hash ^ Math.imul(restored, 0x9e3779b1)) >>> 0;
}

export interface WorldHost {
  options: ResolvedOptions;
  origin: () => string;
  webhook: () => WebhookTarget | undefined;
  /** The default world's state file, or null: other worlds then live in memory only. */
  statePath: string | null;
  autoCreate: boolean;
  maxWorlds?: number;
}

export class WorldRegistry implements SimWorlds {
  private readonly worlds = new Map<string, HostedWorld>();
  /** State files written to since the last answer: flushed before the next answer leaves. */
  private readonly unflushed = new Set<SimulatorStateFile>();
  private readonly directory: string | null;
  private readonly restoreProblems: string[] = [];
  readonly maxWorlds: number;
  readonly autoCreate: boolean;

  constructor(
    private readonly host: WorldHost,
    readonly defaultWorld: HostedWorld,
  ) {
    this.directory = host.statePath ? worldsDirectory(host.statePath) : null;
    this.maxWorlds = host.maxWorlds ?? MAX_WORLDS;
    this.autoCreate = host.autoCreate;
    this.track(defaultWorld);
  }

  /** Opens every world persisted beside the state file (files with another name are left alone). */
  restore(): void {
    if (!this.directory || !existsSync(this.directory)) return;
    const ids = readdirSync(this.directory)
      .filter((name) => name.endsWith('.jsonl'))
      .map((name) => name.slice(0, -'.jsonl'.length))
      .filter((id) => WORLD_ID.test(id) && id !== DEFAULT_WORLD_ID)
      .sort();
    for (const id of ids.slice(0, this.maxWorlds)) {
      try {
        this.open(id, undefined);
      } catch (error) {
        // One unreadable world (not a simulator journal, no permission) must not stop the others.
        this.restoreProblems.push(
          `The world "${id}" was not restored: ${error instanceof Error ? error.message : String(error)}`,
        );
      }
    }
  }

  create(options: CreateWorldOptions = {}): HostedWorld {
    const id = options.id === undefined ? this.freshId() : checkWorldId(options.id);
    if (id === DEFAULT_WORLD_ID || this.worlds.has(id)) throw httpError(409, `The world "${id}" already exists.`);
    const offset = options.clockOffsetMs ?? 0;
    // Negative: a world that starts in the past and lives up to now (the console's demo story).
    if (typeof offset !== 'number' || !Number.isFinite(offset) || Math.abs(offset) > MAX_CLOCK_OFFSET_MS)
      throw httpError(
        400,
        `clockOffsetMs: must be a number of milliseconds from -${MAX_CLOCK_OFFSET_MS} to ${MAX_CLOCK_OFFSET_MS} (400 days either way)`,
      );
    if (this.worlds.size >= this.maxWorlds)
      throw httpError(
        409,
        `The simulator already holds ${this.maxWorlds} worlds, its limit: delete one (DELETE /__simulator/worlds/<id>) before creating another.`,
      );
    return this.open(id, Math.round(offset));
  }

  get(id: string): HostedWorld | undefined {
    if (id === DEFAULT_WORLD_ID) return this.defaultWorld;
    return this.worlds.get(id);
  }

  delete(id: string): boolean {
    if (id === DEFAULT_WORLD_ID)
      throw httpError(409, 'The default world cannot be deleted; reset it instead (POST /__simulator/reset).');
    const world = this.worlds.get(id);
    if (!world) return false;
    this.worlds.delete(id);
    if (world.stateFile) this.unflushed.delete(world.stateFile);
    world.close();
    if (world.statePath) {
      rmSync(world.statePath, { force: true });
      rmSync(`${world.statePath}.compact.tmp`, { force: true });
    }
    return true;
  }

  list(): HostedWorld[] {
    return [this.defaultWorld, ...this.worlds.values()];
  }

  get size(): number {
    return this.worlds.size;
  }

  /** Writes what the worlds changed since the last answer: called before every answer leaves. */
  flush(): void {
    if (this.unflushed.size === 0) return;
    for (const file of this.unflushed) {
      file.flush();
      // A failed write (disk full) stays queued, and is tried again before the next answer.
      if (!file.hasPending()) this.unflushed.delete(file);
    }
  }

  problems(): string[] {
    return [...this.restoreProblems, ...this.list().flatMap((world) => world.stateProblems())];
  }

  close(): void {
    for (const world of this.list()) world.close();
    this.worlds.clear();
    this.unflushed.clear();
  }

  private open(id: string, clockOffsetMs: number | undefined): HostedWorld {
    const opened = this.directory ? SimulatorStateFile.open(join(this.directory, `${id}.jsonl`)) : null;
    const world = openWorld({
      id,
      pathPrefix: `${WORLDS_PATH}/${id}`,
      options: this.host.options,
      random: createRandom(worldSeed(this.host.options.seed, id, opened?.loaded.transactions.length ?? 0)),
      origin: this.host.origin,
      webhook: this.host.webhook,
      opened,
      ...(clockOffsetMs !== undefined ? { clockOffsetMs } : {}),
    });
    this.worlds.set(id, world);
    this.track(world);
    return world;
  }

  private track(world: HostedWorld): void {
    const file = world.stateFile;
    if (file) file.onPending = () => this.unflushed.add(file);
  }

  private freshId(): string {
    for (;;) {
      const id = `w-${randomBytes(5).toString('hex')}`;
      if (!this.worlds.has(id)) return id;
    }
  }
}
