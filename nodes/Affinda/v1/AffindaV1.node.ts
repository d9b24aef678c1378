import type { INodeTypeBaseDescription } from 'n8n-workflow';

import { AffindaV2 } from '../v2/AffindaV2.node';
import { versionDescription } from './versionDescription';

/**
 * Version 1 runs as version 2 does (the operations read both versions' parameters); only what it
 * shows in the editor, its description, is its own.
 */
export class AffindaV1 extends AffindaV2 {
	constructor(baseDescription: INodeTypeBaseDescription) {
		super(baseDescription);
		this.description = { ...baseDescription, ...versionDescription };
	}
}
