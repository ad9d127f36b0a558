/**
 * The host's application model that dynamic form linking links form fields to: a JSON Schema of an application and an
 * example application, loaded from configuration (`APPLICATION_MODEL`, a JSON file `{ "schema": …, "example": … }`,
 * or `applicationModel` in code). The server ships an example (application-model.json: an applicant with name,
 * address, contacts and employment history), used when none is configured.
 */
import { readFileSync } from 'node:fs';
import type { JsonObject } from '../../../src/api/types';
import { checkDataLimits } from '../../../src/engine';
import { MAX_PRIMITIVE_PATHS, primitivePathsOf, type ApplicationModel } from '../../../src/domain/pdf';

/** The file of the shipped example model. */
export const EXAMPLE_APPLICATION_MODEL_FILE = new URL('./application-model.json', import.meta.url);

const isObject = (value: unknown): value is JsonObject => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Checks a model's shape; throws an `Error` naming what is wrong (a configuration mistake, found at start). */
export function checkApplicationModel(value: unknown, where: string): ApplicationModel {
  if (!isObject(value)) throw new Error(`${where}: the application model must be an object { "schema": {…}, "example": {…} }.`);
  const { schema, example } = value;
  if (!isObject(schema)) throw new Error(`${where}: the application model's "schema" must be a JSON Schema object.`);
  if (!isObject(example)) throw new Error(`${where}: the application model's "example" must be an object.`);
  checkDataLimits(example);
  const paths = primitivePathsOf(schema);
  if (paths.length === 0) throw new Error(`${where}: the application model's schema has no primitive properties to link to.`);
  if (paths.length >= MAX_PRIMITIVE_PATHS) throw new Error(`${where}: the application model has more than ${MAX_PRIMITIVE_PATHS} primitive paths.`);
  return { schema, example };
}

/** Reads a model from a JSON file. */
export function loadApplicationModel(file: string | URL): ApplicationModel {
  const where = String(file);
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new Error(`${where}: the application model could not be read: ${error instanceof Error ? error.message : String(error)}`);
  }
  return checkApplicationModel(parsed, where);
}

/** The configured model: an object given in code, a file path, or the shipped example. */
export function resolveApplicationModel(config: ApplicationModel | string | null | undefined): ApplicationModel {
  if (config === null || config === undefined) return loadApplicationModel(EXAMPLE_APPLICATION_MODEL_FILE);
  if (typeof config === 'string') return loadApplicationModel(config);
  return checkApplicationModel(config, 'applicationModel');
}
