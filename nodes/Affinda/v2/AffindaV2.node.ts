import type { INodeTypeBaseDescription } from 'n8n-workflow';

import { AffindaNodeVersion } from '../actions/node';
import { properties } from '../actions/resources';

/**
 * Version 2: each search criterion in one place with its Required switch and Weight; document
 * identifiers picked from lists; no value preset that the user did not choose; flat search rows.
 */
export class AffindaV2 extends AffindaNodeVersion {
	constructor(baseDescription: INodeTypeBaseDescription) {
		super(baseDescription, 2, properties);
	}
}
