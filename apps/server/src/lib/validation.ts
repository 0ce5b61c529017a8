import type { z } from 'zod';
import { isErrorCode, type ErrorCode, type ErrorParams } from '@keystead/contract';
import { AppError } from './app-error';

/** One validation problem, whether it came from zod directly or through Fastify's validator. */
export interface ValidationProblem {
  kind: string;
  path: Array<string | number | symbol>;
  message: string;
  keys?: string[];
}

/** §8 parameter codes: a schema may name its own catalogue code as the issue message. */
export function problemToError(
  problem: ValidationProblem,
  fallbackField = 'body',
): { code: ErrorCode; params: ErrorParams } {
  // The innermost named field: an array's index (utxos[0]) names its array.
  const named = problem.path.filter((key) => typeof key !== 'number' && !/^\d+$/.test(String(key)));
  const field = String(named.at(-1) ?? fallbackField);
  if (isErrorCode(problem.message)) return { code: problem.message, params: { field } };
  if (problem.kind === 'unrecognized_keys')
    return { code: 'PARAMS_NOT_ALLOWED_ERROR', params: { field: problem.keys?.join(', ') || field } };
  if (problem.kind === 'invalid_type' && /received undefined/.test(problem.message))
    return { code: 'PARAMS_REQUIRED_ERROR', params: { field } };
  if (problem.kind === 'too_small' && /(>=|at least) 1 character/.test(problem.message))
    return { code: 'PARAMS_REQUIRED_ERROR', params: { field } };
  return { code: 'PARAMS_INVALID_ERROR', params: { field } };
}

/** Parses input that did not go through a route schema (form data), with the same error codes. */
export function parseOrThrow<T extends z.ZodType>(schema: T, input: unknown): z.infer<T> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const issue = result.error.issues[0]!;
  const { code, params } = problemToError({
    kind: issue.code,
    path: issue.path,
    message: issue.message,
    ...('keys' in issue ? { keys: issue.keys as string[] } : {}),
  });
  throw new AppError(code, params);
}
