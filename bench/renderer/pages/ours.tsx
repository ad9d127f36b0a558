/** Our renderer: FormRenderer from the `/viewer` entry, with its defaults (progressive mounting above 60 fields). */
import '@mantine/core/styles.css';
import { MantineProvider } from '@mantine/core';
import { FormRenderer } from '../../../src/viewer';
import { benchForm } from '../schemas';
import { size, start } from './harness';

const schema = benchForm(size);

start(() => (
  <MantineProvider>
    <FormRenderer schema={schema} />
  </MantineProvider>
));
