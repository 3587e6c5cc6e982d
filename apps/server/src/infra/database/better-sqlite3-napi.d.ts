// better-sqlite3 13 installed under an alias beside 12 (sqlite-driver.ts); both have the same API.
declare module 'better-sqlite3-napi' {
  import Database from 'better-sqlite3';
  export = Database;
}
