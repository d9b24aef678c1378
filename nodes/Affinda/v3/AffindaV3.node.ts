import type { INodeTypeBaseDescription } from 'n8n-workflow';

import { AffindaV2 } from '../v2/AffindaV2.node';
import { versionDescription } from './versionDescription';

/**
 * Version 3 runs as version 2 does; the operations give its own output where it differs
 * (Resume → Search's simplified rows).
 */
export class AffindaV3 extends AffindaV2 {
	constructor(baseDescription: INodeTypeBaseDescription) {
		super(baseDescription);
		this.description = { ...baseDescription, ...versionDescription };
	}
}
