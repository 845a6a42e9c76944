export * from './access';
export * from './cards';
export * from './delivery';
export * from './documents';
export * from './identity';
export * from './organisations';
export * from './subscriptions';
export * from './updates';
