/**
 * `POST /api/FormSchema/CheckPattern` on the reference server: the form builder asks it when a pattern box is left.
 * The request and answer are the domain's (src/domain/pattern-check.ts, the fake's too); the verdict is the very
 * analysis a schema save runs (`analysePatterns`, with its bounds and its remembered verdicts), so a pattern accepted
 * here is accepted on save.
 */
import { answerPatternCheck, readPatternCheckBody } from '../../../src/domain';
import { route, type AnyRouteDeclaration } from '../routes/registry';
import { analysePatterns } from './patterns';

/** The pattern check route. */
export const checkPatternRoutes: readonly AnyRouteDeclaration[] = [
  route({
    method: 'POST',
    path: '/api/FormSchema/CheckPattern',
    summary: 'Whether a schema pattern is accepted (it compiles and cannot backtrack catastrophically).',
    example: { body: { pattern: '^[a-z]+$' } },
    async handler(ctx) {
      const pattern = readPatternCheckBody(ctx.c.req.header('content-type'), await ctx.c.req.text());
      return ctx.c.json(await answerPatternCheck(pattern, async (p) => (await analysePatterns([p]))(p, 'pattern') ?? null));
    },
  }),
];
