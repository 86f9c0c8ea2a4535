import { z } from 'zod';
import { defineCall } from '../define';

/** Calls of the base module. */
export const baseCalls = {} as const;

// Keeps the imports used until the first call is declared.
void z;
void defineCall;
