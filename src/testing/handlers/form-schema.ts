/**
 * `/api/FormSchema/CheckPattern`: the request and answer are the domain's (src/domain/pattern-check.ts), shared with
 * the reference server; the verdict on a pattern that compiles is the backend option `checkPattern` (none: accepted).
 */
import { answerPatternCheck, readPatternCheckBody } from '../../domain';
import { json } from '../http';
import type { FakeRoute } from './route';

/** The form schema check routes. */
export const formSchemaRoutes: readonly FakeRoute[] = [
  {
    method: 'post',
    path: '/api/FormSchema/CheckPattern',
    async handle(ctx) {
      const pattern = readPatternCheckBody(ctx.request.headers.get('content-type'), await ctx.request.text());
      return json(await answerPatternCheck(pattern, ctx.backend.checkPattern));
    },
  },
];
