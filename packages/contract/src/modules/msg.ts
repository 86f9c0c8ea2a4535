import { z } from 'zod';
import { defineCall } from '../define';

/** Calls of the msg module. */
export const msgCalls = {} as const;

// Keeps the imports used until the first call is declared.
void z;
void defineCall;
