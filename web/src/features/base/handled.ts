import { ApiError } from '../../app/api/errors';

/**
 * For confirm dialogs: the client has already shown a failed call's message, so the dialog just
 * closes instead of surfacing an unhandled rejection.
 */
export const handled = (work: () => Promise<unknown>) => async (): Promise<void> => {
  try {
    await work();
  } catch (err) {
    if (!(err instanceof ApiError)) throw err;
  }
};
