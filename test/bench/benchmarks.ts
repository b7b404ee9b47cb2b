/**
 * The benchmark registry. To add one: write `test/bench/<name>.bench.ts` exporting a `Benchmark`
 * (see figures.ts) and add it to this list — one file, one line.
 */
import { browserMode } from './browser-mode.bench';
import type { Benchmark } from './figures';
import { historyBulkRefresh } from './history-bulk-refresh.bench';
import { historyDb } from './history-db.bench';
import { historyScroll } from './history-scroll.bench';
import { historyTransfer } from './history-transfer.bench';
import { hostStartup } from './host-startup.bench';
import { record } from './record.bench';
import { sdkStatus } from './sdk-status.bench';
import { simulatorPeers } from './simulator-peers.bench';
import { simulatorScale } from './simulator-scale.bench';
import { simulatorThroughput } from './simulator-throughput.bench';
import { simulatorWorlds } from './simulator-worlds.bench';
import { shopRecording } from './shop-recording.bench';
import { shopProxy } from './shop-proxy.bench';
import { teamWorkspace } from './team-workspace.bench';

export const benchmarks: Benchmark[] = [
  simulatorThroughput,
  simulatorPeers,
  simulatorScale,
  simulatorWorlds,
  sdkStatus,
  hostStartup,
  browserMode,
  historyDb,
  historyBulkRefresh,
  historyScroll,
  historyTransfer,
  record,
  shopRecording,
  shopProxy,
  teamWorkspace,
];
