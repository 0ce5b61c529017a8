export * from './languages';
export * from './envelope';
export * from './errors/index';
export * from './api/common';
export * from './api/auth';
export * from './enums';
export * from './limits';
export * from './errors/client-messages';
