export * from './languages';
export * from './envelope';
export * from './errors/index';
export * from './api/common';
export * from './api/auth';
