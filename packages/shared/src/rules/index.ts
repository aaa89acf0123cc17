export * from './vm.js';
export * from './disk.js';
export * from './vni.js';
