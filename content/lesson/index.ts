export * from './types';
export * from './lesson';
export * from './questions';
export * from './cases';
export * from './mistakes';
export * from './paths';
export * from './sections';
