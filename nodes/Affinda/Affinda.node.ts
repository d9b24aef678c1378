import type { INodeTypeBaseDescription, IVersionedNodeType } from 'n8n-workflow';
import { VersionedNodeType } from 'n8n-workflow';

import { subtitle } from './actions/resources';
import { AffindaV1 } from './v1/AffindaV1.node';
import { AffindaV2 } from './v2/AffindaV2.node';
import { AffindaV3 } from './v3/AffindaV3.node';

/**
 * The Affinda node in every version a workflow may have been saved with (n8n's versioned-node
 * convention). A version changes when a parameter changes shape; older versions keep loading and
 * running the workflows made with them.
 */
export class Affinda extends VersionedNodeType {
	constructor() {
		const baseDescription: INodeTypeBaseDescription = {
			displayName: 'Affinda',
			name: 'affinda',
			icon: { light: 'file:../../icons/affinda.svg', dark: 'file:../../icons/affinda.dark.svg' },
			group: ['transform'],
			subtitle: subtitle(),
			description: 'Parse resumes and documents, and search and match candidates with Affinda',
			defaultVersion: 3,
			// An AI Agent's tool picker searches tool names only (n8n drops the codex aliases for
			// tools), so the tool's name says what people look for: resumes, CVs, parsing.
			usableAsTool: {
				replacements: {
					displayName: 'Affinda Resume Search & CV Parser',
					description:
						'Search candidates by job title, skills, location and years of experience, parse CVs and other documents, and explain how a candidate matches a job',
				},
			},
		};
		const nodeVersions: IVersionedNodeType['nodeVersions'] = {
			1: new AffindaV1(baseDescription),
			2: new AffindaV2(baseDescription),
			3: new AffindaV3(baseDescription),
		};
		super(nodeVersions, baseDescription);
	}
}
