/**
 * Builds small test workflows: Start → one Affinda node with the given parameters and settings,
 * on the node's default version (what a new user gets) unless the settings name another.
 */
import type { IDataObject, INode, IWorkflowBase } from 'n8n-workflow';

import { AFFINDA_NODE_TYPE, MANUAL_TRIGGER_TYPE } from './n8n-in-process';
import { NODE_TYPES } from './node-parameters';

export const AFFINDA_NODE_NAME = 'Affinda';

export function affindaWorkflow(
	parameters: IDataObject,
	settings: Partial<INode> = {},
): IWorkflowBase {
	return {
		id: 'wfAffindaTest',
		name: 'Affinda test',
		active: false,
		isArchived: false,
		createdAt: new Date(0),
		updatedAt: new Date(0),
		settings: { executionOrder: 'v1' },
		connections: {
			Start: { main: [[{ node: AFFINDA_NODE_NAME, type: 'main', index: 0 }]] },
		},
		nodes: [
			{
				id: 'start',
				name: 'Start',
				type: MANUAL_TRIGGER_TYPE,
				typeVersion: 1,
				position: [0, 0],
				parameters: {},
			},
			{
				id: 'affinda',
				name: AFFINDA_NODE_NAME,
				type: AFFINDA_NODE_TYPE,
				typeVersion: NODE_TYPES[AFFINDA_NODE_TYPE].defaultVersion,
				position: [240, 0],
				credentials: { affindaApi: { id: 'affindaTestCred', name: 'Affinda (test)' } },
				parameters,
				...settings,
			},
		],
	} as unknown as IWorkflowBase;
}

export function affindaCredentials(baseUrl: string, apiKey = 'test-key') {
	return { affindaApi: { apiKey, region: 'custom', baseUrl } };
}
