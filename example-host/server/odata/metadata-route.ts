/**
 * `GET /odata/$metadata` (public): the forms service's description, OData 4.0 CSDL — XML by default, JSON CSDL with
 * `$format=json` or an `Accept` asking for JSON — built by the domain (`answerODataMetadata`) from the entity types
 * the four sets bind queries with, as the test fake answers it. It names types and sets, never rows.
 */
import { answerODataMetadata, ODATA_METADATA_PATH } from '../../../src/domain/odata';
import { route } from '../routes/registry';

export const odataMetadataRoute = route({
  method: 'GET',
  path: ODATA_METADATA_PATH,
  anonymous: true,
  summary: 'The OData service description (CSDL) of the forms entity sets.',
  handler: ({ c }) => {
    const { body, contentType } = answerODataMetadata(new URL(c.req.url).searchParams, c.req.header('accept') ?? null);
    return c.body(body, 200, { 'Content-Type': contentType, 'OData-Version': '4.0' });
  },
});
