/** The builder's property panels: a field's, a section's, the rule editor and the options editor. */
export { dataPathProblemText, FieldPropertiesPanel } from './FieldPropertiesPanel';
export type { FieldPropertiesChange, FieldPropertiesPanelProps, PatternCheckRequest } from './FieldPropertiesPanel';
export { OptionsEditor, optionProblems, optionValueFromLabel, parseOptionList } from './OptionsEditor';
export type { OptionsEditorProps } from './OptionsEditor';
export { hasRuleProblems, RuleEditor } from './RuleEditor';
export type { RuleEditorProps, RuleFieldOption } from './RuleEditor';
export { SectionPropertiesPanel } from './SectionPropertiesPanel';
export type { SectionPropertiesPanelProps } from './SectionPropertiesPanel';
