/** The builder's JSON view (CodeMirror, loaded lazily when the view is first shown). */
export { JsonView } from './JsonView';
export type { JsonViewProps } from './JsonView';
