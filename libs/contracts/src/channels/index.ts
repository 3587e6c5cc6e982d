export * from './channel-types';
export * from './channel-wire';
export * from './channel-messages';
export * from './channel-rules';
export * from './channel-ops';
