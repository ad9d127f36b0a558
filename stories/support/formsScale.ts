/**
 * The forms administration at scale for the stories: form groups, forms with long names and several versions, and
 * 100,000 form instances, added beside the fake's seed. Deterministic: the same sizes give the same rows. Instances
 * share their answers object, so 100,000 of them stay small in the browser.
 */
import { FormInstanceStatus } from '../../src/api/enums';
import type { FormInstance } from '../../src/api/types';
import { seedIds } from '../../src/testing/seed-ids';
import { fakeBackend } from './fakeBackend';

/** How much {@link addFormsAtScale} adds. */
export interface FormsScale {
  groups?: number;
  forms?: number;
  /** Versions of the first scale form (the others have one). */
  versions?: number;
  instances?: number;
}

const pad = (n: number) => String(n).padStart(12, '0');
/** A v4-shaped id per kind (1 groups, 2 forms, 3 schemas, 4 instances). */
const id = (kind: number, n: number) => `5ca1e10${kind}-0000-4000-8000-${pad(n)}`;
export const scaleFormGroupId = (n: number) => id(1, n);
export const scaleFormId = (n: number) => id(2, n);
export const scaleFormSchemaId = (form: number, version: number) => id(3, form * 1000 + version);

const STATUSES = [FormInstanceStatus.Created, FormInstanceStatus.InProgress, FormInstanceStatus.Submitted, FormInstanceStatus.Completed];
const DAY = 86_400_000;
/** The day the scale rows are dated from (the dashboard story reads its last 30 days from here). */
export const SCALE_NOW = new Date(Date.UTC(2026, 10, 20, 12));
const NOW = SCALE_NOW.getTime();

/** A long, realistic name: lists must wrap or cut it without breaking their layout. */
const longName = (kind: string, n: number) =>
  `${kind} ${String(n).padStart(3, '0')} — Application for the renewal of a commercial vehicle operator licence (regional office)`;

/** A loader that adds the forms at scale (default: 20 groups, 200 forms, 12 versions of the first, 100,000 instances). */
export function addFormsAtScale({ groups = 20, forms = 200, versions = 12, instances = 100_000 }: FormsScale = {}) {
  return () => {
    const db = fakeBackend.db;
    const template = db.formSchemas.find((s) => s.formSchemaId === seedIds.formSchemas.loanApplicationV1)!;
    const answers = db.formInstances.find((i) => i.formInstanceId === seedIds.formInstances.loanSubmitted)!;
    const at = (days: number) => new Date(NOW - days * DAY);
    for (let g = 1; g <= groups; g += 1)
      db.formGroups.push({ formGroupId: scaleFormGroupId(g), name: longName('Group', g), description: `Group ${g} of ${groups}`, isDeleted: false, createdDateTime: at(400), lastUpdatedDateTime: at(g) });
    for (let f = 1; f <= forms; f += 1) {
      const count = f === 1 ? versions : 1;
      for (let v = 1; v <= count; v += 1)
        db.formSchemas.push({ ...template, formSchemaId: scaleFormSchemaId(f, v), formId: scaleFormId(f), name: longName('Form', f), version: v, isPublic: f % 3 === 0, createdDateTime: at(300 - v), lastUpdatedDateTime: at(200 - v) });
      db.forms.push({
        formId: scaleFormId(f),
        name: longName('Form', f),
        description: null,
        formGroupId: groups ? scaleFormGroupId(((f - 1) % groups) + 1) : null,
        currentFormSchemaId: scaleFormSchemaId(f, count),
        isDeleted: false,
        createdDateTime: at(365),
        lastUpdatedDateTime: at(f % 90),
      } as (typeof db.forms)[number]);
    }
    // Storybook runs a story's loaders on every render, a change of theme or colour included (the axe run renders
    // each story in four): the ids and dates that many rows share are made once per call, not once per row (about
    // half of building 100,000 rows). Rows share Date objects, which nothing changes in place.
    const formIds = Array.from({ length: forms }, (_, f) => scaleFormId(f + 1));
    const schemaIds = Array.from({ length: forms }, (_, f) => scaleFormSchemaId(f + 1, f === 0 ? versions : 1));
    const created = Array.from({ length: 60 }, (_, d) => at(d + 1));
    const updated = Array.from({ length: 30 }, (_, d) => at(d));
    const added: FormInstance[] = new Array(instances);
    for (let i = 0; i < instances; i += 1) {
      const f = i % forms;
      added[i] = {
        ...answers,
        formInstanceId: id(4, i + 1),
        formId: formIds[f],
        formSchemaId: schemaIds[f],
        status: STATUSES[i % STATUSES.length]!,
        envelopeId: null,
        envelopeStatus: null,
        createdDateTime: created[i % 60],
        lastUpdatedDateTime: updated[i % 30],
      } as FormInstance;
    }
    db.formInstances = db.formInstances.concat(added);
    return {};
  };
}
