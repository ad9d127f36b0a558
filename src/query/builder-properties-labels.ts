// The texts live in src/labels; this re-export keeps the existing imports working.
export { builderPropertiesLabels } from '../labels/builder-properties-labels';
