/** @rjsf/core with the @rjsf/mantine theme and the ajv8 validator, with their defaults (uncontrolled form data). */
import '@mantine/core/styles.css';
import { MantineProvider } from '@mantine/core';
import Form from '@rjsf/mantine';
import type { RJSFSchema } from '@rjsf/utils';
import validator from '@rjsf/validator-ajv8';
import { benchForm, toJsonSchema } from '../schemas';
import { size, start } from './harness';

const schema = toJsonSchema(benchForm(size)) as RJSFSchema;

start(() => (
  <MantineProvider>
    <Form schema={schema} validator={validator} />
  </MantineProvider>
));
