/** SurveyJS: survey-core's model rendered by survey-react-ui, with its default theme CSS. */
import 'survey-core/survey-core.min.css';
import { Model } from 'survey-core';
import { Survey } from 'survey-react-ui';
import { benchForm, toSurveyJson } from '../schemas';
import { size, start } from './harness';

const json = toSurveyJson(benchForm(size));

start(() => <Survey model={new Model(json)} />);
