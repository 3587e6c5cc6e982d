export * from './envelope';
export * from './users';
export * from './setup';
export * from './status';
export * from './options';
