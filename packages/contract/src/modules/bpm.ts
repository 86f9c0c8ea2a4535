import { z } from 'zod';
import { defineCall } from '../define';

/** Calls of the bpm module. */
export const bpmCalls = {} as const;

// Keeps the imports used until the first call is declared.
void z;
void defineCall;
