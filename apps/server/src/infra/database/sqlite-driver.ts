import NodeApiSqlite from 'better-sqlite3-napi';
import CompiledSqlite from 'better-sqlite3';

const runningNodeMajor = Number(process.versions.node.split('.')[0]);

/**
 * The better-sqlite3 release for the Node running us. 13 ships one Node-API binary for every Node from 22; on
 * Node 20, which it does not support (it crashes there), 12 serves, compiled at install for that Node. 12 is
 * never used past 20: from Node 24.19 a process using it can abort when a statement is garbage-collected
 * (SIGABRT in RemoveEnvironmentCleanupHook, nodejs/node#65446).
 */
export const sqliteDriver = (nodeMajor = runningNodeMajor): typeof CompiledSqlite =>
  nodeMajor >= 22 ? NodeApiSqlite : CompiledSqlite;
