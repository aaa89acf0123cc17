export * from './vm.js';
export * from './disk.js';
export * from './vni.js';
export * from './snapshot.js';
export * from './snapshot-schedule.js';
export * from './vpc.js';
