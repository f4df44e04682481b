import type { ProductSeed } from '../types.ts';
import { CUSHIONS } from './cushions.ts';
import { DAMPENERS } from './dampeners.ts';
import { EXERCISE } from './exercise.ts';
import { LIVING } from './living.ts';

export const PRODUCTS: ProductSeed[] = [...DAMPENERS, ...CUSHIONS, ...EXERCISE, ...LIVING];
