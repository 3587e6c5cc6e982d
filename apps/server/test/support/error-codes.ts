import { AppError } from '../../src/common/errors/app-error';

/** The domain code `run` throws: undefined when it returns, 'not an AppError' for any other failure. */
export function codeOf(run: () => unknown): string | undefined {
  try {
    run();
    return undefined;
  } catch (error) {
    return error instanceof AppError ? error.code : 'not an AppError';
  }
}
