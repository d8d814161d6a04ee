export * from './common';
export * from './envelope';
export * from './anomaly';
export * from './architecture';
export * from './actions';
export * from './audit';
export * from './agents';
export * from './settings';
