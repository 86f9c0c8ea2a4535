import { z } from 'zod';
import { defineCall } from '../define';

/** Calls of the greeting module. */
export const greetingCalls = {} as const;

// Keeps the imports used until the first call is declared.
void z;
void defineCall;
