export * from './cards';
export * from './delivery';
export * from './identity';
export * from './organisations';
export * from './subscriptions';
