// Every workspace migration, in order. Listed here (not discovered on disk) because the console ships
// bundled: the migration code travels inside the build, and a new version is one new file plus one line here.
import type { MigrationBuilder } from 'node-pg-migrate';
import * as workspace001 from './001_workspace';
import * as productionEmail002 from './002_production_email_masked';
import * as searchIndexes003 from './003_search_and_first_sync_indexes';

export interface WorkspaceMigration {
  /** The migration's id in the migrations table; never renamed once released. */
  name: string;
  /** The schema version a workspace has once this migration ran (schema_info.version). */
  version: number;
  up: (pgm: MigrationBuilder) => void | Promise<void>;
}

export const WORKSPACE_MIGRATIONS: readonly WorkspaceMigration[] = [
  { name: '001_workspace', version: workspace001.SCHEMA_VERSION, up: workspace001.up },
  { name: '002_production_email_masked', version: productionEmail002.SCHEMA_VERSION, up: productionEmail002.up },
  { name: '003_search_and_first_sync_indexes', version: searchIndexes003.SCHEMA_VERSION, up: searchIndexes003.up },
];
