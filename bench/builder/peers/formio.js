// The Form.io builder with the benchmark's form (formio.json, written by the bench beside this page's build).
import { Formio } from '@formio/js';
import 'bootstrap/dist/css/bootstrap.min.css';
import '@formio/js/dist/formio.builder.min.css';

const json = await (await fetch('./formio.json')).json();
window.__builder = await Formio.builder(document.getElementById('builder'), json, {});
