import { updateDisplayOptions } from 'n8n-workflow';

import { properties } from '../document/upload.operation';

/**
 * Parse a resume: Document → Upload under the name recruiters look for. Same parameters, same
 * request (Affinda recognises the CV, or takes the Document Type chosen), same output.
 */
export { execute } from '../document/upload.operation';

export const description = updateDisplayOptions(
	{ show: { resource: ['resume'], operation: ['parse'] } },
	properties,
);
