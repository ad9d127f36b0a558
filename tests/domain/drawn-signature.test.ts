/**
 * A drawn signature (a PNG `data:` URL) is never written as text: the export cell and the answer column describe it
 * ('Drawn signature (…)'), a PDF's fields leave it out, the answers document draws it (its line says what it is);
 * a typed signature is the name everywhere.
 */
import { describe, expect, it } from 'vitest';
import type { FormLayout, FormSchema } from '../../src/contract/types';
import { answerCell } from '../../src/domain/forms/export-table';
import { pdfValuesFromData } from '../../src/domain/pdf/linking';
import { answerBlocks, answersDocumentLines } from '../../src/domain/signing/answers-document';
import { drawnSignatureBytes, drawnSignatureText, isDrawnSignature } from '../../src/engine/signature-value';
import { answerFieldsOf, answerText } from '../../src/forms-admin/FormInstanceList/answer-columns';
import { englishLabels } from '../../src/labels/english';
import { germanLabels } from '../../src/locales/de';

// A PNG of 3,000 bytes (its bytes need not be a picture here): 4,000 characters of base64.
const drawn = `data:image/png;base64,${Buffer.alloc(3000, 7).toString('base64')}`;
const field = { id: 'sig', path: '/sig', widget: 'signature', label: 'Signature', pdfFieldName: 'PdfSig' } as const;
const layout: FormLayout = { pages: [{ id: 'p', title: 'P', sections: [{ id: 's', title: 'S', fields: [field] }] }] };

describe('a drawn signature', () => {
  it('is a PNG data URL, whose size is its decoded bytes', () => {
    expect(isDrawnSignature(drawn)).toBe(true);
    expect(isDrawnSignature('Ada Lovelace')).toBe(false);
    expect(isDrawnSignature('data:image/svg+xml;base64,PHN2Zz4=')).toBe(false);
    expect(drawnSignatureBytes(drawn)).toBe(3000);
    expect(drawnSignatureBytes('data:image/png;base64,iVBORw0KGgo=')).toBe(8);
    expect(drawnSignatureText(drawn)).toBe('Drawn signature (3 KB)');
  });

  it('is described in an export cell and an answer column, in the user’s words there', () => {
    expect(answerCell(field, drawn)).toBe('Drawn signature (3 KB)');
    expect(answerCell(field, 'Ada Lovelace')).toBe('Ada Lovelace');
    const [column] = answerFieldsOf(layout);
    if (!column) throw new Error('no column');
    expect(answerText(column, { sig: drawn }, englishLabels, 'en')).toBe('Drawn signature (3 KB)');
    expect(answerText(column, { sig: drawn }, { ...englishLabels, ...germanLabels }, 'de')).toBe('Gezeichnete Unterschrift (3 KB)');
    expect(answerText(column, { sig: 'Ada Lovelace' }, englishLabels, 'en')).toBe('Ada Lovelace');
  });

  it('is left out of the values a PDF template is filled with; a typed one is written', () => {
    expect(pdfValuesFromData(layout, { sig: drawn })).toEqual({});
    expect(pdfValuesFromData(layout, { sig: 'Ada Lovelace' })).toEqual({ PdfSig: 'Ada Lovelace' });
  });

  it('is an image in the answers document, its line saying what it is', () => {
    const schema = { formSchemaId: 'x', formId: 'f', version: 1, jsonSchema: { type: 'object', properties: { sig: { type: 'string' } } }, layout } as unknown as FormSchema;
    const [, answer] = answerBlocks(schema, { sig: drawn });
    expect(answer).toEqual({ kind: 'answer', label: 'Signature', answer: 'Drawn signature (3 KB)', image: drawn, level: 1 });
    const lines = answersDocumentLines({ formName: 'F', formInstanceId: 'i', schema, data: { sig: drawn }, signers: [] });
    expect(lines).toContain('Signature: Drawn signature (3 KB)');
    expect(lines.join('\n')).not.toContain('base64');
  });
});
