export * from './errors';
export * from './feedback-rules';
export * from './membership';
export * from './messages';
export * from './password-rules';
export * from './schemas/auth';
export * from './schemas/common';
export * from './schemas/shell';
