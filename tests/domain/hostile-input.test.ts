/**
 * The shared rules that keep hostile input a 400: the JSON body check (nesting, NUL), NUL in query
 * parameters and OData literals, the OData path length, the PDF template reader and the current
 * schema of a form post.
 */
import { describe, expect, it } from 'vitest';
import type { PdfTemplate } from '../../src/api/types';
import {
  checkJsonText,
  DomainError,
  JSON_TOO_DEEP_MESSAGE,
  MAX_JSON_DEPTH,
  NUL_CHARACTER_MESSAGE,
  nulParameterMessage,
  parseJsonText,
  PDF_TEMPLATE_LIMITS,
  QueryParams,
} from '../../src/domain';
import { postedCurrentSchema, readFormPost, readPdfTemplate } from '../../src/domain/forms';
import { ODATA_LIMITS, parseODataQuery } from '../../src/domain/odata';
import { generateFormFromPdf } from '../../src/testing/forms-model';

/** The refusal a call throws: its status, message and code. */
function refusal(call: () => unknown): { status: number; message: string; code?: unknown } {
  try {
    call();
  } catch (error) {
    if (error instanceof DomainError) return { status: error.status, message: error.message, code: error.extensions.code };
    return { status: 0, message: String(error) };
  }
  return { status: 200, message: 'accepted' };
}

const nested = (levels: number) => `${'['.repeat(levels)}${']'.repeat(levels)}`;

describe('JSON bodies', () => {
  it(`accept ${MAX_JSON_DEPTH} levels of nesting and refuse one more`, () => {
    expect(refusal(() => parseJsonText(nested(MAX_JSON_DEPTH)))).toEqual({ status: 200, message: 'accepted' });
    expect(refusal(() => parseJsonText(nested(MAX_JSON_DEPTH + 1)))).toEqual({ status: 400, message: JSON_TOO_DEEP_MESSAGE, code: 'json-depth' });
  });

  it('refuse 150,000 levels as a 400 within milliseconds (no recursion, no stack overflow)', () => {
    const text = `{"data":${'{"a":'.repeat(150_000)}1${'}'.repeat(150_000)}}`;
    const started = performance.now();
    expect(refusal(() => parseJsonText(text))).toMatchObject({ status: 400, message: JSON_TOO_DEEP_MESSAGE });
    expect(performance.now() - started).toBeLessThan(1000);
  });

  it('count only brackets outside strings', () => {
    const brackets = '['.repeat(MAX_JSON_DEPTH * 2);
    expect(refusal(() => checkJsonText(JSON.stringify({ text: brackets, [brackets]: `a"${brackets}` })))).toMatchObject({ status: 200 });
    expect(refusal(() => checkJsonText(JSON.stringify({ text: 'a\\"[[[' })))).toMatchObject({ status: 200 });
  });

  it('agree with a recursive count on strings full of quotes, backslashes and brackets', () => {
    let seed = 7;
    const random = (n: number) => {
      seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
      return (seed >>> 8) % n;
    };
    const pieces = ['\\', '"', '[', ']', '{', '}', 'u0000', '\\u0000', 'a', '\n'];
    const text = () => Array.from({ length: random(8) }, () => pieces[random(pieces.length)]).join('');
    const value = (depth: number): unknown => {
      if (depth === 0) return text();
      return random(2) === 0 ? [value(depth - 1), text()] : { [text()]: value(depth - 1) };
    };
    const depthOf = (v: unknown): number =>
      typeof v === 'object' && v !== null ? 1 + Math.max(0, ...Object.values(v as object).map(depthOf)) : 0;
    for (let i = 0; i < 300; i++) {
      const v = value(1 + random(MAX_JSON_DEPTH + 40));
      const expected = depthOf(v) > MAX_JSON_DEPTH ? JSON_TOO_DEEP_MESSAGE : 'accepted';
      expect(refusal(() => checkJsonText(JSON.stringify(v))).message, JSON.stringify(v).slice(0, 80)).toBe(expected);
    }
  });

  it('refuse NUL in a value or a property name, not the text "\\u0000" written with an escaped backslash', () => {
    expect(refusal(() => parseJsonText(JSON.stringify({ name: 'a\u0000b' })))).toEqual({ status: 400, message: NUL_CHARACTER_MESSAGE, code: 'nul-character' });
    expect(refusal(() => parseJsonText(JSON.stringify({ data: { 'k\u0000': 1 } })))).toMatchObject({ status: 400, message: NUL_CHARACTER_MESSAGE });
    expect(refusal(() => parseJsonText(JSON.stringify({ name: '\\u0000' })))).toMatchObject({ status: 200 });
    expect(refusal(() => parseJsonText(JSON.stringify({ name: '\\\\u0000' })))).toMatchObject({ status: 200 });
    expect(refusal(() => parseJsonText(JSON.stringify({ name: 'a\u0001b\u001f' })))).toMatchObject({ status: 200 });
  });
});

describe('query parameters', () => {
  it('refuse NUL in any parameter that is read', () => {
    const params = new QueryParams(new URLSearchParams('authId=a%00b&other=ok'));
    expect(refusal(() => params.get('AUTHID'))).toEqual({ status: 400, message: nulParameterMessage('AUTHID') });
    expect(params.get('other')).toBe('ok');
  });
});

describe('OData', () => {
  it('refuses a NUL in a string literal', () => {
    expect(() => parseODataQuery("$filter=name eq 'a%00b'")).toThrow(/string literal may not contain the NUL character/);
    expect(() => parseODataQuery({ $filter: "contains(name,'\u0000')" })).toThrow(/NUL character/);
  });

  it(`refuses property paths over ${ODATA_LIMITS.maxPathSegments} segments, in $filter and $orderby`, () => {
    const path = (n: number) => ['jsonSchema', ...Array.from({ length: n - 1 }, () => 'a')].join('/');
    expect(() => parseODataQuery({ $filter: `${path(ODATA_LIMITS.maxPathSegments)} eq 1` })).not.toThrow();
    expect(() => parseODataQuery({ $filter: `${path(ODATA_LIMITS.maxPathSegments + 1)} eq 1` })).toThrow(/over the limit of 64 \(maxPathSegments\)/);
    expect(() => parseODataQuery({ $orderby: path(100) })).toThrow(/maxPathSegments/);
    // PostgreSQL functions take at most 100 arguments: the column and the path's segments.
    expect(ODATA_LIMITS.maxPathSegments).toBeLessThan(100);
  });
});

describe('pdfTemplate', () => {
  const generated = () => {
    let n = 0;
    const ctx = { now: () => new Date(0), newId: () => `00000000-0000-4000-8000-${String((n += 1)).padStart(12, '0')}` };
    return generateFormFromPdf('loan-application.pdf', ctx as never).form.pdfTemplate as PdfTemplate;
  };

  it('keeps what the form generator makes, as it is', () => {
    const template = generated();
    expect(readPdfTemplate(structuredClone(template))).toEqual(template);
    expect(readPdfTemplate(null)).toBeNull();
    expect(readPdfTemplate(undefined)).toBeNull();
  });

  it('reads property names regardless of case and stores the API names', () => {
    expect(readPdfTemplate({ FileName: 'a.pdf', PAGECOUNT: 1, fields: [{ Name: 'X', TYPE: 'text', page: 0, Rect: { X: 1, y: 2, width: 3, height: 4 } }] })).toEqual({
      fileName: 'a.pdf',
      pageCount: 1,
      fields: [{ name: 'X', type: 'text', page: 0, rect: { x: 1, y: 2, width: 3, height: 4 } }],
    });
  });

  it('refuses other shapes naming the property, and templates over the size limit with 413', () => {
    const template = generated();
    expect(refusal(() => readPdfTemplate([]))).toEqual({ status: 400, message: "'pdfTemplate' must be an object." });
    expect(refusal(() => readPdfTemplate({ ...template, pageCount: 0 }))).toMatchObject({ status: 400, message: "'pdfTemplate.pageCount' must be an integer from 1 to 1000." });
    expect(refusal(() => readPdfTemplate({ ...template, fields: [{ ...template.fields[0], options: [1] }] }))).toMatchObject({
      status: 400,
      message: "'pdfTemplate.fields[0].options[0]' must be a string.",
    });
    expect(refusal(() => readPdfTemplate({ ...template, fields: [{ ...template.fields[0], rect: { x: 0, y: 0, width: -1, height: 1 } }] }))).toMatchObject({
      status: 400,
      message: "'pdfTemplate.fields[0].rect.width' must be a number not below 0.",
    });
    const long = 'x'.repeat(PDF_TEMPLATE_LIMITS.maxFieldNameLength);
    const many = Array.from({ length: PDF_TEMPLATE_LIMITS.maxFields }, (_, i) => ({ name: `${long}${i}`.slice(-PDF_TEMPLATE_LIMITS.maxFieldNameLength), type: 'text', page: 0, rect: { x: 0, y: 0, width: 1, height: 1 } }));
    expect(refusal(() => readPdfTemplate({ fileName: 'a.pdf', pageCount: 1, fields: many }))).toMatchObject({ status: 413, code: 'pdf-template-size' });
  });

  it('is read by a form post', () => {
    expect(refusal(() => readFormPost({ name: 'F', pdfTemplate: { fileName: 'a.pdf', pageCount: 1, fields: [], html: '<script>' } }))).toMatchObject({ status: 400 });
  });
});

describe('the current schema of a form post', () => {
  it('is never stored: another form’s schema is refused, an id no schema has yet is dropped', () => {
    expect(refusal(() => postedCurrentSchema('s-1', { formId: 'another' }))).toEqual({ status: 400, message: "Form schema 's-1' belongs to another form." });
    expect(postedCurrentSchema('s-2', undefined)).toBeNull();
    expect(postedCurrentSchema(null, undefined)).toBeNull();
  });
});
