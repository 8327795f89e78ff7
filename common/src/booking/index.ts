export * from './compute-slots';
export * from './constants';
export * from './messages';
export * from './package-savings';
export * from './schemas';
export * from './staff-booking';
export * from './time-zone';
export * from './types';
