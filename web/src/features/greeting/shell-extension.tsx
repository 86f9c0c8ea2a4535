import { GreetingDialogs } from './greeting-dialogs';

/** Mounted by the shell after sign-in (app/extensions.ts). */
export default GreetingDialogs;
