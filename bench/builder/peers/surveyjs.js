// SurveyJS Creator with the benchmark's form (surveyjs.json, written by the bench beside this page's build).
import { createElement } from 'react';
import { createRoot } from 'react-dom/client';
import { SurveyCreator, SurveyCreatorComponent } from 'survey-creator-react';
import 'survey-core/survey-core.min.css';
import 'survey-creator-core/survey-creator-core.min.css';

const json = await (await fetch('./surveyjs.json')).json();
const creator = new SurveyCreator({ showLogicTab: true, showTranslationTab: false, showJSONEditorTab: true });
creator.JSON = json;
window.__creator = creator;
createRoot(document.getElementById('root')).render(createElement(SurveyCreatorComponent, { creator }));
