/**
 * Pre-filling a form from an application (`DynamicFormLinking/Create?schemaId`): each field bound to a data path
 * takes the application's value at its link (`linkedPath`, which the linking screen stores on the schema's fields),
 * or at its own path when it has no link. Repeatable sections copy the whole array at their path (the fields of the
 * sections inside one are part of its items, so they add nothing of their own). React-free, for the test fake, the
 * reference server and the linking screen's preview alike.
 */
import type { FormLayout, FormSchema, JsonObject } from '../../contract/types';
import { layoutSectionEntries } from '../../engine/layout-walk';
import { getAt, JsonPointerError, setAt } from '../../contract/json-pointer';

/** Where one bound path of a layout takes its value from in an application. */
export interface ApplicationSource {
  /** The data path of the form (absolute). */
  path: string;
  /** The application's path it is read from. */
  source: string;
}

/**
 * The data paths a layout binds, each with the application path it is filled from, in layout order and each once: a
 * field's `linkedPath` or else its own path; a repeatable section's array path from the same path. Sections inside
 * sections count as their fields' place in the layout; those inside a repeatable section are covered by its array.
 */
export function applicationSources(layout: FormLayout): ApplicationSource[] {
  const out: ApplicationSource[] = [];
  const seen = new Set<string>();
  const add = (path: string, source: string) => {
    if (seen.has(path)) return;
    seen.add(path);
    out.push({ path, source });
  };
  for (const { section, repeatOwner } of layoutSectionEntries(layout)) {
    if (repeatOwner === section && section.repeatable) add(section.repeatable.path, section.repeatable.path);
    else if (repeatOwner === null) {
      for (const field of section.fields) add(field.path, field.linkedPath && field.linkedPath !== '' ? field.linkedPath : field.path);
    }
  }
  return out;
}

/** The data of a new instance of `schema`, taking every bound path's value from `application` (see the module). */
export function prefillFromApplication(schema: Pick<FormSchema, 'layout'>, application: JsonObject): JsonObject {
  let data: JsonObject = {};
  for (const { path, source } of applicationSources(schema.layout)) {
    let value: unknown;
    try {
      value = getAt(application, source);
    } catch (error) {
      // A link that is not a valid pointer reads as nothing, as a missing value does.
      if (error instanceof JsonPointerError) continue;
      throw error;
    }
    if (value === undefined) continue;
    try {
      data = setAt(data, path, structuredClone(value));
    } catch (error) {
      // A path under a value another path already set (e.g. '/a' then '/a/b'): the first one stays.
      if (!(error instanceof JsonPointerError)) throw error;
    }
  }
  return data;
}
