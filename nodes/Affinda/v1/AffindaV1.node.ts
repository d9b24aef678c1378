import type { INodeProperties, INodeTypeBaseDescription } from 'n8n-workflow';

import { AffindaNodeVersion } from '../actions/node';
import parameters from './parameters.json';

/**
 * Version 1, as the first release saved workflows. Its parameters are kept as released
 * (parameters.json, written from that release) so that its workflows load, show and run as they
 * were made; the operations read both versions' shapes.
 */
export class AffindaV1 extends AffindaNodeVersion {
	constructor(baseDescription: INodeTypeBaseDescription) {
		super(baseDescription, 1, parameters as unknown as INodeProperties[]);
	}
}
